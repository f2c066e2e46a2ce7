package org.couchtck.maven.testservers;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/** A query server that answers every line with {@code false}: it starts and talks, and fails every MUST reply. */
public final class FalseServer {

    private FalseServer() {}

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        while (in.readLine() != null) {
            System.out.println("false");
            System.out.flush();
        }
    }
}
