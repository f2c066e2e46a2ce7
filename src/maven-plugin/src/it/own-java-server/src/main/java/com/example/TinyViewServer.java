package com.example;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/** Just enough of a view server for map_doc without functions: true to everything, [] to map_doc. */
public final class TinyViewServer {

    public static void main(String[] args) throws IOException {
        if (args.length != 1 || !args[0].equals("--quiet")) {
            throw new IllegalArgumentException("expected the argument --quiet");
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            System.out.println(line.startsWith("[\"map_doc\"") ? "[]" : "true");
            System.out.flush();
        }
    }
}
