package org.couchtck.kit.process;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.couchtck.reference.queryserver.QueryServerJvm;
import org.couchtck.reference.queryserver.QueryServerMain;

/**
 * The command line that starts a query server, as a list of arguments (no shell involved).
 *
 * @param argv the program followed by its arguments; never empty
 */
public record ServerCommand(List<String> argv) {

    /** The main class of the reference query server in couchtck-reference. */
    public static final String REFERENCE_MAIN = QueryServerMain.class.getName();

    private static final Pattern NEEDS_NO_QUOTES = Pattern.compile("[A-Za-z0-9_./:=@%+,-]+");

    public ServerCommand {
        Objects.requireNonNull(argv, "argv");
        argv = List.copyOf(argv);
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("a server command needs at least the program to run");
        }
    }

    /**
     * Splits {@code commandLine} as a POSIX shell would split a simple command: whitespace separates arguments,
     * single quotes keep everything literally, double quotes keep everything but {@code \"} and {@code \\}, and a
     * backslash outside quotes makes the next character literal. No variables, globs or redirections.
     *
     * @throws IllegalArgumentException when the line is blank or has an unterminated quote or a trailing backslash
     */
    public static ServerCommand parse(String commandLine) {
        Objects.requireNonNull(commandLine, "commandLine");
        List<String> args = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean inArgument = false;
        int i = 0;
        while (i < commandLine.length()) {
            char c = commandLine.charAt(i);
            if (Character.isWhitespace(c)) {
                if (inArgument) {
                    args.add(current.toString());
                    current.setLength(0);
                    inArgument = false;
                }
                i++;
            } else if (c == '\'') {
                int close = commandLine.indexOf('\'', i + 1);
                if (close < 0) {
                    throw new IllegalArgumentException(unterminated("single", commandLine));
                }
                current.append(commandLine, i + 1, close);
                inArgument = true;
                i = close + 1;
            } else if (c == '"') {
                i = appendDoubleQuoted(commandLine, i + 1, current);
                inArgument = true;
            } else if (c == '\\') {
                if (i + 1 == commandLine.length()) {
                    throw new IllegalArgumentException("server command ends with a lone backslash: " + commandLine);
                }
                current.append(commandLine.charAt(i + 1));
                inArgument = true;
                i += 2;
            } else {
                current.append(c);
                inArgument = true;
                i++;
            }
        }
        if (inArgument) {
            args.add(current.toString());
        }
        if (args.isEmpty()) {
            throw new IllegalArgumentException("the server command is empty: give the program to run, e.g. \"couchjs "
                    + "main.js\"");
        }
        return new ServerCommand(args);
    }

    /** Appends a double-quoted part starting after its opening quote; returns the index after the closing quote. */
    private static int appendDoubleQuoted(String line, int start, StringBuilder out) {
        int i = start;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '"') {
                return i + 1;
            }
            if (c == '\\' && i + 1 < line.length() && (line.charAt(i + 1) == '"' || line.charAt(i + 1) == '\\')) {
                out.append(line.charAt(i + 1));
                i += 2;
            } else {
                out.append(c);
                i++;
            }
        }
        throw new IllegalArgumentException(unterminated("double", line));
    }

    private static String unterminated(String kind, String line) {
        return "server command has an unterminated " + kind + " quote: " + line;
    }

    /** Runs {@code mainClass} in a new JVM: this JVM's java binary, with this JVM's class path. */
    public static ServerCommand javaMain(String mainClass, String... args) {
        return java(List.of(), mainClass, args);
    }

    private static ServerCommand java(List<String> jvmOptions, String mainClass, String... args) {
        List<String> argv = new ArrayList<>();
        argv.add(currentJava());
        argv.addAll(jvmOptions);
        argv.add("-cp");
        argv.add(System.getProperty("java.class.path"));
        argv.add(Objects.requireNonNull(mainClass, "mainClass"));
        argv.addAll(List.of(args));
        return new ServerCommand(argv);
    }

    /**
     * JVM options of the small programs the kit ships (an OS daemon, an {@code _external} handler): one thread's worth
     * of work each, so the serial collector and C1 alone, which start fastest.
     */
    static final List<String> PROGRAM_JVM_OPTIONS = List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
            "-XX:CICompilerCount=1", "-Xss512k", "-XX:-UsePerfData");

    /**
     * Runs {@code mainClass}, a program the kit ships, in a new JVM with {@link #PROGRAM_JVM_OPTIONS}; see
     * {@link #kitProgram(List, Class, List, String...)}.
     */
    public static ServerCommand kitProgram(Class<?> mainClass, List<Class<?>> libraries, String... args) {
        return kitProgram(PROGRAM_JVM_OPTIONS, mainClass, libraries, args);
    }

    /**
     * Runs {@code mainClass}, a program the kit ships, in a new JVM with {@code jvmOptions}: this JVM's java binary,
     * with a class path of the jars or folders the kit and {@code libraries} (a class of each library the program
     * needs) were loaded from, and from the kit programs' class-data archive where one can be had. Not
     * {@code java.class.path}: inside Maven (the plugin goal) that is Maven's launcher, not the kit.
     */
    public static ServerCommand kitProgram(List<String> jvmOptions, Class<?> mainClass, List<Class<?>> libraries,
            String... args) {
        Set<String> entries = new LinkedHashSet<>();
        entries.add(location(mainClass));
        libraries.forEach(library -> entries.add(location(library)));
        String classPath = String.join(File.pathSeparator, entries);
        List<String> argv = new ArrayList<>();
        argv.add(currentJava());
        argv.addAll(jvmOptions);
        argv.addAll(ClassArchives.jvmOptions(currentJava(), classPath, ClassArchives.Training.PROGRAMS));
        argv.add("-cp");
        argv.add(classPath);
        argv.add(mainClass.getName());
        argv.addAll(List.of(args));
        return new ServerCommand(argv);
    }

    /** JVM options the reference query server starts with: C1 alone, the cases being short sessions. */
    public static final List<String> REFERENCE_JVM_OPTIONS = QueryServerJvm.INTERACTIVE;

    /**
     * The reference query server, run from where this JVM loaded its classes and Rhino's: from a jar of only its own
     * classes where one can be made, and from a class-data archive where the JVM can make one.
     */
    public static ServerCommand reference() {
        String fullClassPath = referenceClassPath();
        String classPath = fullClassPath;
        try {
            classPath = QueryServerJar.classPath(fullClassPath, ClassArchives.folder());
        } catch (java.io.IOException e) {
            // No folder for it: the full class path serves.
        }
        List<String> argv = new ArrayList<>();
        argv.add(currentJava());
        argv.addAll(REFERENCE_JVM_OPTIONS);
        argv.addAll(ClassArchives.jvmOptions(currentJava(), classPath, ClassArchives.Training.REFERENCE));
        argv.add("-cp");
        argv.add(classPath);
        argv.add(REFERENCE_MAIN);
        return new ServerCommand(argv);
    }

    /**
     * The jars or folders the reference query server and Rhino were loaded from. Not {@code java.class.path}: inside
     * Maven (the plugin goal) or any other container that is the container's launcher, not the kit.
     */
    static String referenceClassPath() {
        Set<String> entries = new LinkedHashSet<>();
        for (Class<?> type : List.of(QueryServerMain.class, org.mozilla.javascript.Context.class)) {
            entries.add(location(type));
        }
        return String.join(File.pathSeparator, entries);
    }

    private static String location(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            throw new IllegalStateException("cannot tell where " + type.getName() + " was loaded from");
        }
        try {
            return Path.of(source.getLocation().toURI()).toString();
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new IllegalStateException("cannot tell where " + type.getName() + " was loaded from: "
                    + source.getLocation(), e);
        }
    }

    /**
     * Why the program cannot be started, looked up without starting it: a path that names no file or a file that is
     * not executable, or a bare name no folder of the {@code PATH} holds as an executable file. Empty when it can
     * (the start itself may still fail, e.g. on a missing interpreter).
     */
    public Optional<String> whyNotRunnable() {
        String program = argv.get(0);
        if (program.contains("/") || program.contains(File.separator)) {
            Path path = Path.of(program);
            if (!Files.exists(path)) {
                return Optional.of(program + ": no such file");
            }
            if (!Files.isRegularFile(path) || !Files.isExecutable(path)) {
                return Optional.of(program + ": not an executable file");
            }
            return Optional.empty();
        }
        String searchPath = Optional.ofNullable(System.getenv("PATH")).orElse("");
        for (String dir : searchPath.split(Pattern.quote(File.pathSeparator))) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir).resolve(program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.empty();
            }
        }
        return Optional.of(program + ": not found on the PATH");
    }

    /** The command as one line a POSIX shell (and {@link #parse}) would split back into the same arguments. */
    public String display() {
        return argv.stream().map(ServerCommand::quote).collect(Collectors.joining(" "));
    }

    private static String quote(String arg) {
        if (NEEDS_NO_QUOTES.matcher(arg).matches()) {
            return arg;
        }
        return "'" + arg.replace("'", "'\\''") + "'";
    }

    private static String currentJava() {
        return ProcessHandle.current().info().command()
                .orElseGet(() -> Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
