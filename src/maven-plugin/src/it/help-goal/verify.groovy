def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
assert log.contains('couchtck:run')
['server', 'baseline', 'reportDirectory', 'junitReportsDirectory', 'testFailureIgnore', 'skip'].each {
    assert log.contains("  $it") : "help does not describe $it"
}
assert log.contains('User property: couchtck.server')
return true
