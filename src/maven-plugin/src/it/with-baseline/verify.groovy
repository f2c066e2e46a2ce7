def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
def run = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/couchtck-reports/results.json'))
assert run.cases.every { it.verdict == 'KNOWN' } : "verdicts: ${run.cases*.verdict}"
assert run.cases*.baselineReason.every { it == 'this test double answers false to everything' }
return true
