@echo off
rem couchtck launcher (Windows cmd). Runs lib\couchtck.jar of this distribution with the java of JAVA_HOME, or
rem else the first java on the PATH (Java 17 or newer), passing every argument through; JAVA_OPTS and COUCHTCK_OPTS
rem go to the JVM. Exits with the kit's exit code, or 127 when no java can be found.
rem No parenthesised blocks below: a JAVA_HOME under "Program Files (x86)" would end them early.
rem The file is kept with LF endings in the repository; the distribution gets it with CRLF.
setlocal

rem This script's folder (dp0 ends in a backslash; a symlink to the script is not followed): bin\ of the
rem distribution, whose parent holds lib\. (No percent signs in these remarks: cmd expands them even here.)
set "COUCHTCK_HOME=%~dp0.."

if not defined JAVA_HOME goto javaFromPath
set "JAVA_EXE=%JAVA_HOME%\bin\java.exe"
if exist "%JAVA_EXE%" goto checkJar
echo couchtck: JAVA_HOME is "%JAVA_HOME%" but %JAVA_EXE% does not exist; point JAVA_HOME at a Java 17+ or unset it to use the java on the PATH 1>&2
exit /b 127

:javaFromPath
set "JAVA_EXE=java.exe"
where /q java.exe
if not errorlevel 1 goto checkJar
echo couchtck: no java found: set JAVA_HOME or put java (17 or newer) on the PATH 1>&2
exit /b 127

:checkJar
set "COUCHTCK_JAR=%COUCHTCK_HOME%\lib\couchtck.jar"
if exist "%COUCHTCK_JAR%" goto run
echo couchtck: %COUCHTCK_JAR% is missing; this distribution is incomplete 1>&2
exit /b 127

:run
"%JAVA_EXE%" %JAVA_OPTS% %COUCHTCK_OPTS% -jar "%COUCHTCK_JAR%" %*
exit /b %ERRORLEVEL%
