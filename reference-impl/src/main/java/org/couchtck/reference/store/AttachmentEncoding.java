package org.couchtck.reference.store;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;

/**
 * How CouchDB stores attachment data ({@code couch_db:with_stream/3}): identity data of a compressible type is
 * gzip-encoded at compression level 8, anything else is kept as it came. The digest CouchDB reports, and hashes into
 * revision ids, is the MD5 of the stored bytes, so the gzip output must be byte-for-byte zlib's.
 */
public final class AttachmentEncoding {

    /** CouchDB's default {@code [attachments] compressible_types}, as the regexes compressible_att_type makes. */
    private static final List<Pattern> COMPRESSIBLE = List.of("text/*", "application/javascript", "application/json",
            "application/xml").stream().map(AttachmentEncoding::typePattern).toList();
    /** CouchDB's default {@code [attachments] compression_level}. */
    private static final int COMPRESSION_LEVEL = 8;
    /**
     * The gzip header zlib writes (deflateInit2 with windowBits 31): no flags, no mtime, XFL 0 (level 8 is neither
     * the fastest nor the best) and OS 3 (Unix). Java's GZIPOutputStream writes another OS byte, hence the hand-made
     * wrapper.
     */
    private static final byte[] GZIP_HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 3};

    private AttachmentEncoding() {}

    /** The attachment that {@code data} becomes when written at revision position {@code revpos}. */
    static Attachment store(AttachmentWrite.Data data, long revpos) {
        byte[] stored;
        String encoding;
        long length;
        if (data.gzipped()) {
            stored = data.bytes().clone();
            encoding = Attachment.GZIP;
            length = stored.length; // CouchDB never decodes an upload, so it reports the encoded length
        } else if (compressible(data.contentType())) {
            stored = gzip(data.bytes());
            encoding = Attachment.GZIP;
            length = data.bytes().length;
        } else {
            stored = data.bytes().clone();
            encoding = Attachment.IDENTITY;
            length = stored.length;
        }
        return new Attachment(data.name(), data.contentType(), revpos, encoding, stored, length, md5(stored));
    }

    /** Whether CouchDB gzips data of this type: one of the configured types, parameters ({@code ;charset=}) allowed. */
    public static boolean compressible(String contentType) {
        return COMPRESSIBLE.stream().anyMatch(p -> p.matcher(contentType).matches());
    }

    /** compressible_att_type's regex for one configured type: its first {@code *} any text, case-insensitive. */
    private static Pattern typePattern(String type) {
        int star = type.indexOf('*');
        String quoted = star < 0 ? Pattern.quote(type)
                : Pattern.quote(type.substring(0, star)) + ".*" + Pattern.quote(type.substring(star + 1));
        return Pattern.compile("^\\s*" + quoted + "(?:\\s*;.*?)?\\s*$", Pattern.CASE_INSENSITIVE);
    }

    /** gzip as zlib writes it at level 8: header, raw deflate, CRC-32 and length, both little-endian. */
    static byte[] gzip(byte[] data) {
        Deflater deflater = new Deflater(COMPRESSION_LEVEL, true);
        try {
            deflater.setInput(data);
            deflater.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(data.length / 2 + 32);
            out.writeBytes(GZIP_HEADER);
            byte[] buffer = new byte[8192];
            while (!deflater.finished()) {
                out.write(buffer, 0, deflater.deflate(buffer));
            }
            CRC32 crc = new CRC32();
            crc.update(data);
            ByteBuffer trailer = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
            trailer.putInt((int) crc.getValue()).putInt(data.length);
            out.writeBytes(trailer.array());
            return out.toByteArray();
        } finally {
            deflater.end();
        }
    }

    static byte[] gunzip(byte[] gzipped) {
        try (GZIPInputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(gzipped))) {
            return in.readAllBytes();
        } catch (IOException e) {
            // only an upload sent as Content-Encoding: gzip can be bad gzip; CouchDB fails on reading it too
            throw new UncheckedIOException("attachment data is not valid gzip", e);
        }
    }

    static byte[] md5(byte[] bytes) {
        try {
            return MessageDigest.getInstance("MD5").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has MD5", e);
        }
    }
}
