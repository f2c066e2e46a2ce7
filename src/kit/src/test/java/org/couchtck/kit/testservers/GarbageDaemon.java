package org.couchtck.kit.testservers;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * An OS daemon that writes one line of each kind CouchDB does not take as a good request: not JSON, not UTF-8, JSON
 * that is no request, a get with a number for its section, a log with a number for its message and one with an unknown
 * level, and a register of a number; then waits for the end of its input. With {@code --giant N} it first writes a
 * line of N bytes.
 */
public final class GarbageDaemon {

    private GarbageDaemon() {}

    public static void main(String[] args) {
        LineIo io = new LineIo();
        if (args.length > 1 && args[0].equals("--giant")) {
            byte[] line = new byte[Integer.parseInt(args[1]) + 1];
            Arrays.fill(line, (byte) 'x');
            line[line.length - 1] = '\n';
            io.write(line);
        }
        io.println("this is not JSON");
        io.write(new byte[] {'[', '"', (byte) 0xC3, (byte) 0x28, '"', ']', '\n'});
        io.println("[\"hello\",\"world\"]");
        io.println("[\"get\",1]");
        io.println("[\"log\",2]");
        io.println("[\"log\",\"loud\",{\"level\":\"loud\"}]");
        io.println("[\"register\",5]");
        io.write("[\"log\",\"done\"]\n".getBytes(StandardCharsets.UTF_8));
        while (io.readLine() != null) {
            // waits for the end
        }
    }
}
