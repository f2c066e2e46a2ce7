package org.couchtck.reference.reducers;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The HyperLogLog sketch of CouchDB's {@code couch_hyper} at precision 11, the one {@code _approx_count_distinct}
 * uses. A value's SHA-1 picks a register with its first 11 bits and offers it the length of the run of zeros in the
 * next 53 bits, plus one; a register keeps the largest offer. CouchDB keeps registers in a buffer or a dense
 * bitstring, but both only ever take maxima, so an array of maxima gives the same estimate. The estimate is
 * HyperLogLog++'s: raw estimate, empirical bias correction below 5m, linear counting up to the threshold 1800.
 *
 * <p>Immutable: {@link #insert} and {@link #union} return new sketches.
 */
final class HyperLogLog {

    static final int PRECISION = 11;
    private static final int REGISTERS = 1 << PRECISION;
    private static final int VALUE_BITS = 64 - PRECISION;
    private static final double LINEAR_COUNTING_THRESHOLD = 1800;
    private static final int BIAS_NEIGHBOURS = 6;
    private static final double[][] BIAS = loadBias();

    private static final HyperLogLog EMPTY = new HyperLogLog(new byte[REGISTERS]);

    private final byte[] registers;

    private HyperLogLog(byte[] registers) {
        this.registers = registers;
    }

    static HyperLogLog empty() {
        return EMPTY;
    }

    /** The sketch with {@code value} (a binary: CouchDB inserts {@code term_to_binary} of the view key) added. */
    HyperLogLog insert(byte[] value) {
        return insertAll(List.of(value));
    }

    /** Adds many values at once, copying the registers once. */
    HyperLogLog insertAll(List<byte[]> values) {
        byte[] updated = registers.clone();
        for (byte[] value : values) {
            byte[] hash = sha1(value);
            long first64 = 0;
            for (int i = 0; i < Long.BYTES; i++) {
                first64 = (first64 << 8) | (hash[i] & 0xFF);
            }
            int index = (int) (first64 >>> VALUE_BITS);
            long rest = first64 << PRECISION;
            int rank = (rest == 0 ? VALUE_BITS : Math.min(Long.numberOfLeadingZeros(rest), VALUE_BITS)) + 1;
            if (updated[index] < rank) {
                updated[index] = (byte) rank;
            }
        }
        return new HyperLogLog(updated);
    }

    /** The register-wise maximum: the sketch of both sets of values. */
    static HyperLogLog union(List<HyperLogLog> sketches) {
        byte[] merged = new byte[REGISTERS];
        for (HyperLogLog sketch : sketches) {
            for (int i = 0; i < REGISTERS; i++) {
                merged[i] = (byte) Math.max(merged[i], sketch.registers[i]);
            }
        }
        return new HyperLogLog(merged);
    }

    /** {@code couch_hyper:card/1}, rounded as CouchDB's finalize does. */
    long estimate() {
        double m = REGISTERS;
        // summed in register order, as couch_hyper folds: float additions do not commute in their rounding
        double registerSum = 0;
        int zeroRegisters = 0;
        for (byte register : registers) {
            registerSum += Math.pow(2, -register);
            if (register == 0) {
                zeroRegisters++;
            }
        }
        double alpha = 0.7213 / (1 + 1.079 / m);
        double raw = alpha * Math.pow(m, 2) / registerSum;
        double corrected = raw <= 5 * m ? raw - bias(raw) : raw;
        double linear = zeroRegisters == 0 ? corrected : m * Math.log(m / zeroRegisters);
        return erlangRound(linear <= LINEAR_COUNTING_THRESHOLD ? linear : corrected);
    }

    /** The mean bias of the 6 table estimates nearest to {@code raw}, ties broken by table order. */
    private static double bias(double raw) {
        Integer[] order = new Integer[BIAS.length];
        double[] distances = new double[BIAS.length];
        for (int i = 0; i < BIAS.length; i++) {
            order[i] = i;
            distances[i] = Math.pow(raw - BIAS[i][0], 2);
        }
        Arrays.sort(order, (a, b) -> Double.compare(distances[a], distances[b])); // stable, as lists:keysort
        double sum = 0;
        for (int i = 0; i < BIAS_NEIGHBOURS; i++) {
            sum += BIAS[order[i]][1];
        }
        return sum / BIAS_NEIGHBOURS;
    }

    /** Erlang's {@code round/1}: halves away from zero. */
    private static long erlangRound(double value) {
        double magnitude = Math.abs(value);
        double floor = Math.floor(magnitude);
        long rounded = (long) floor + (magnitude - floor >= 0.5 ? 1 : 0);
        return value < 0 ? -rounded : rounded;
    }

    private static byte[] sha1(byte[] value) {
        try {
            return MessageDigest.getInstance("SHA-1").digest(value);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-1", e);
        }
    }

    private static double[][] loadBias() {
        String resource = "hyperloglog-bias-p11.txt";
        try (InputStream in = HyperLogLog.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            List<double[]> rows = new ArrayList<>();
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] pair = line.trim().split("\\s+");
                rows.add(new double[] {Double.parseDouble(pair[0]), Double.parseDouble(pair[1])});
            }
            return rows.toArray(double[][]::new);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
