package org.couchtck.reference.daemons;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A daemon that writes what no host can read: a line of bytes that are not UTF-8, one line of {@code SIZE} bytes,
 * a line that is not JSON. Then it asks {@code ["get","garbage","key"]} and logs {@code garbage answered REPLY}, to
 * show that its host still listens; it exits when its input ends.
 */
public final class GarbageDaemon {

    private GarbageDaemon() {}

    public static void main(String[] args) throws IOException {
        OutputStream out = System.out;
        out.write(new byte[] {(byte) 0xff, (byte) 0xfe, (byte) 0xc3, '\n'});
        byte[] huge = new byte[Integer.parseInt(args[0]) + 1];
        Arrays.fill(huge, (byte) '[');
        huge[huge.length - 1] = '\n';
        out.write(huge);
        out.write("this is not JSON\n".getBytes(StandardCharsets.UTF_8));
        out.write("[\"get\",\"garbage\",\"key\"]\n".getBytes(StandardCharsets.UTF_8));
        out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String reply = in.readLine();
        out.write(("[\"log\",\"garbage answered " + reply.replace("\"", "'") + "\"]\n")
                .getBytes(StandardCharsets.UTF_8));
        out.flush();
        while (in.readLine() != null) {
            // nothing more to say
        }
    }
}
