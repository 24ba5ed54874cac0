package io.asynclog.core.lane;

/**
 * One record on its way to a remote destination: its key, its value and when it was handed
 * to the lane. The value is bytes already formatted, or a {@link Payload} the client takes as
 * it is, encoded to bytes only if the record goes to the spool.
 * <p>
 * Not thread-safe: after {@link Lane#add}, only the lane's thread touches it.
 *
 * @author asynclog
 */
public final class LaneRecord {

	private final byte[] key;

	private final Payload payload;

	private final long timestampMillis;

	private byte[] value;

	/**
	 * Creates a record of formatted bytes.
	 * @param key the record's key, or {@code null} for none
	 * @param value the record's value
	 * @param timestampMillis when the appender handed it over ({@link System#currentTimeMillis()})
	 */
	public LaneRecord(byte[] key, byte[] value, long timestampMillis) {
		this.key = key;
		this.value = value;
		this.payload = null;
		this.timestampMillis = timestampMillis;
	}

	private LaneRecord(Payload payload, long timestampMillis) {
		this.key = null;
		this.payload = payload;
		this.timestampMillis = timestampMillis;
	}

	/** Creates a record, without a key, whose value is encoded only when it is spooled. */
	public static LaneRecord of(Payload payload, long timestampMillis) {
		return new LaneRecord(payload, timestampMillis);
	}

	public byte[] key() {
		return this.key;
	}

	/** The value as bytes, encoding its payload the first time. */
	public byte[] value() {
		if (this.value == null) {
			this.value = this.payload.encode();
		}
		return this.value;
	}

	/** The payload, or {@code null} for a record of bytes (as the spool gives them back). */
	public Payload payload() {
		return this.payload;
	}

	public long timestampMillis() {
		return this.timestampMillis;
	}

	/** Bytes of key and value, encoding the payload if it has not been. */
	public int size() {
		return ((this.key != null) ? this.key.length : 0) + value().length;
	}

	/** Weight in a lane's bounds: the size, or a payload's estimate, so the lane never encodes to count. */
	public int weight() {
		if (this.value == null) {
			return this.payload.weight();
		}
		return ((this.key != null) ? this.key.length : 0) + this.value.length;
	}

	/**
	 * A record's value as the destination's client takes it, encoded to bytes only for the spool.
	 */
	public interface Payload {

		/** The bytes the spool keeps, which the client can read back. */
		byte[] encode();

		/** About how many bytes {@link #encode()} would make, without encoding. */
		int weight();

	}

}
