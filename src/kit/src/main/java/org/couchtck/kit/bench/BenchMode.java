package org.couchtck.kit.bench;

/** How the benchmark feeds documents to the server. */
public enum BenchMode {
    /** One line, then wait for its reply: how CouchDB's indexer talks to a query server. */
    LOCKSTEP("lockstep"),
    /** Every line written without waiting; replies read as they come: the server's raw throughput. */
    PIPELINED("pipelined");

    private final String label;

    BenchMode(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
