def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
assert log.contains('[WARNING] couchtck: 2 cases of 2 failed')
def run = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/couchtck-reports/results.json'))
assert run.cases.every { it.verdict == 'FAIL' } : "verdicts: ${run.cases*.verdict}"
return true
