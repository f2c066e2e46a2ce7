package org.couchtck.kit.testservers;

/** Answers {@code true} to every line but exits with status 3, without answering, on a {@code map_doc} line. */
public final class CrashOnMapDocServer {

    /** The status this server dies with. */
    public static final int EXIT_STATUS = 3;

    private CrashOnMapDocServer() {}

    public static void main(String[] args) {
        LineIo io = new LineIo();
        String line;
        while ((line = io.readLine()) != null) {
            if (line.replace(" ", "").startsWith("[\"map_doc\"")) {
                System.exit(EXIT_STATUS);
            }
            io.println("true");
        }
    }
}
