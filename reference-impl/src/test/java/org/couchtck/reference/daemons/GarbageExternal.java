package org.couchtck.reference.daemons;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/** A broken {@code _external} handler, run as a child process by the tests: it answers every request with prose. */
public final class GarbageExternal {

    private GarbageExternal() {}

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        while (in.readLine() != null) {
            System.out.println("this is no JSON at all");
            System.out.flush();
        }
    }
}
