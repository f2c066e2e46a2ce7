package org.couchtck.reference.endpoint;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP/1.1 request over its own socket ({@code Connection: close}, as the recorder sent them) whose response is
 * read chunk by chunk, decoding the chunked framing here because the JDK client hides chunk boundaries. The read
 * stops when the server ends the response or, for a client-closed window, when the window is over.
 */
final class RawHttpExchange {

    private RawHttpExchange() {}

    /**
     * @param windowMillis how long to read before the client closes the connection (the recorder's
     *     {@code close_after_s}, or a cap for a response the server should end); a response the server ends earlier
     *     is reported as ended by the server
     */
    static ActualResponse send(URI base, String method, String path, Map<String, String> headers, byte[] body,
            long windowMillis) throws IOException {
        long sent = System.nanoTime();
        long deadline = sent + windowMillis * 1_000_000L;
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
            socket.setTcpNoDelay(true);
            StringBuilder head = new StringBuilder();
            head.append(method).append(' ').append(path).append(" HTTP/1.1\r\n");
            head.append("Host: ").append(base.getHost()).append(':').append(base.getPort()).append("\r\n");
            head.append("Connection: close\r\n");
            headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
            if (body != null) {
                head.append("Content-Length: ").append(body.length).append("\r\n");
            }
            head.append("\r\n");
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            if (body != null) {
                out.write(body);
            }
            out.flush();
            return new Reading(socket, sent, deadline).response(method);
        }
    }

    /** The client's window is over. */
    private static final class WindowOver extends Exception {
        WindowOver() {
            super(null, null, false, false);
        }
    }

    /** Reads one response off a socket, with the window's deadline on every blocking read. */
    private static final class Reading {

        private final Socket socket;
        private final InputStream in;
        private final long sent;
        private final long deadline;
        private final byte[] buffer = new byte[8192];
        private int position;
        private int limit;

        private Integer status;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private final List<StreamChunk> chunks = new ArrayList<>();

        Reading(Socket socket, long sent, long deadline) throws IOException {
            this.socket = socket;
            this.in = socket.getInputStream();
            this.sent = sent;
            this.deadline = deadline;
        }

        ActualResponse response(String method) throws IOException {
            String how;
            boolean byServer = true;
            try {
                String statusLine = readLine();
                if (statusLine == null) {
                    return ActualResponse.dropped("no status line (EOF)", relMs());
                }
                String[] parts = statusLine.split(" ", 3);
                status = Integer.parseInt(parts[1]);
                for (String line = readLine(); line != null && !line.isEmpty(); line = readLine()) {
                    int colon = line.indexOf(':');
                    String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
                    String value = line.substring(colon + 1).trim();
                    headers.merge(name, value, (a, b) -> a + ", " + b);
                }
                how = body(method);
            } catch (WindowOver e) {
                byServer = false;
                how = "close-after";
            }
            if (status == null) {
                return ActualResponse.failed("no status line within the window", relMs());
            }
            StringBuilder text = new StringBuilder();
            chunks.forEach(c -> text.append(c.data()));
            return new ActualResponse(status, Map.copyOf(headers), text.toString(), List.copyOf(chunks), byServer,
                    how, relMs(), null);
        }

        private String body(String method) throws IOException, WindowOver {
            if (method.equals("HEAD") || status == 204 || status == 304 || status < 200) {
                return "no-body";
            }
            if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
                return chunked();
            }
            String length = headers.get("content-length");
            if (length != null) {
                byte[] data = readExactly(Integer.parseInt(length.trim()));
                if (data == null) {
                    return "eof";
                }
                if (data.length > 0) {
                    chunks.add(new StreamChunk(relMs(), new String(data, StandardCharsets.UTF_8)));
                }
                return "content-length";
            }
            ByteArrayOutputStream rest = new ByteArrayOutputStream();
            for (int b = read(); b >= 0; b = read()) {
                rest.write(b);
            }
            if (rest.size() > 0) {
                chunks.add(new StreamChunk(relMs(), rest.toString(StandardCharsets.UTF_8)));
            }
            return "eof";
        }

        /**
         * A chunk counts as arrived with its last data byte: its closing CRLF may come only with the next chunk (Jetty
         * sends it then), so it is read before the next size line.
         */
        private String chunked() throws IOException, WindowOver {
            boolean crlfDue = false;
            while (true) {
                if (crlfDue) {
                    String crlf = readLine();
                    if (crlf == null) {
                        return "eof";
                    }
                    if (!crlf.isEmpty()) {
                        return "malformed-chunked-encoding";
                    }
                }
                String sizeLine = readLine();
                if (sizeLine == null) {
                    return "eof";
                }
                int semicolon = sizeLine.indexOf(';');
                String hex = (semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim();
                int size;
                try {
                    size = Integer.parseInt(hex, 16);
                } catch (NumberFormatException e) {
                    chunks.add(new StreamChunk(relMs(), sizeLine + "\r\n"));
                    return "malformed-chunked-encoding";
                }
                if (size == 0) {
                    for (String trailer = readLine(); trailer != null && !trailer.isEmpty(); trailer = readLine()) {
                        // trailers carry nothing the comparison looks at
                    }
                    return "last-chunk";
                }
                byte[] data = readExactly(size);
                if (data == null) {
                    return "eof";
                }
                chunks.add(new StreamChunk(relMs(), new String(data, StandardCharsets.UTF_8)));
                crlfDue = true;
            }
        }

        private long relMs() {
            return (System.nanoTime() - sent) / 1_000_000L;
        }

        private int read() throws IOException, WindowOver {
            if (position == limit) {
                long left = (deadline - System.nanoTime()) / 1_000_000L;
                if (left <= 0) {
                    throw new WindowOver();
                }
                socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, left));
                try {
                    limit = in.read(buffer);
                } catch (SocketTimeoutException e) {
                    limit = 0;
                    throw new WindowOver();
                }
                position = 0;
                if (limit < 0) {
                    limit = 0;
                    return -1;
                }
            }
            return buffer[position++] & 0xff;
        }

        /** A line without its CRLF (or LF); null at EOF before any byte. */
        private String readLine() throws IOException, WindowOver {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            int b;
            while ((b = read()) >= 0 && b != '\n') {
                line.write(b);
            }
            if (b < 0 && line.size() == 0) {
                return null;
            }
            String text = line.toString(StandardCharsets.ISO_8859_1);
            return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
        }

        private byte[] readExactly(int n) throws IOException, WindowOver {
            byte[] out = new byte[n];
            for (int i = 0; i < n; i++) {
                int b = read();
                if (b < 0) {
                    return null;
                }
                out[i] = (byte) b;
            }
            return out;
        }
    }
}
