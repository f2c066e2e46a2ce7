def log = new File(basedir, 'build.log').text
assert log.contains('BUILD FAILURE')
assert log.contains('2 cases of 2 failed')
assert log.contains('FAIL qs.map_doc.emit-many')
assert log.contains('FAIL qs.map_doc.three-functions')
def report = new File(basedir, 'target/couchtck-reports/report.html')
assert report.isFile()
assert log.contains(report.canonicalPath) || log.contains(report.path) : 'the failure message does not name the report'
return true
