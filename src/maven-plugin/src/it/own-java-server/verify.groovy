def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
def run = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/couchtck-reports/results.json'))
assert run.cases*.id == ['qs.map_doc.no-functions']
assert run.cases[0].verdict == 'PASS' : "verdict ${run.cases[0].verdict}: ${run.cases[0].message}"
def started = run.cases[0].transcript.find { it.direction == 'EVENT' && it.text.startsWith('started') }
assert started.text.contains('com.example.TinyViewServer --quiet')
assert started.text.contains(new File(basedir, 'target/classes').path)
return true
