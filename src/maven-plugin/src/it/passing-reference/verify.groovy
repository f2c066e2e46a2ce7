def log = new File(basedir, 'build.log').text
def results = new File(basedir, 'target/couchtck-reports/results.json')
assert results.isFile() : 'results.json was not written'
def run = new groovy.json.JsonSlurper().parse(results)
assert run.cases*.id.sort() == ['http.documents.put-create', 'qs.map_doc.emit-many', 'qs.map_doc.three-functions']
assert run.cases.every { it.verdict == 'PASS' } : "verdicts: ${run.cases*.verdict}"
['report.html', 'junit.xml', 'summary.md'].each {
    assert new File(basedir, "target/couchtck-reports/$it").isFile() : "$it was not written"
}
def junit = new File(basedir, 'target/failsafe-reports/TEST-couchtck.xml')
assert junit.isFile() : 'junit.xml was not copied where Failsafe reports go'
assert new groovy.xml.XmlSlurper().parse(junit).name() == 'testsuite'
assert log.contains('BUILD SUCCESS')
// the reference endpoint's Jetty ran in the build's JVM, and said nothing
assert !(log =~ /(?i)jetty|ServerConnector|SLF4J/) : 'the build log holds library lines: ' + log.readLines().findAll { it =~ /(?i)jetty|ServerConnector|SLF4J/ }
return true
