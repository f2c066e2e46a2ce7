def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
assert log.count('couchtck: skipped') == 3 : 'each of the three builds should skip'
assert !new File(basedir, 'target/couchtck-reports').exists()
return true
