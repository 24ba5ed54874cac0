package io.asynclog.core.lane;

/**
 * One record on its way to a remote destination: its key, its value and when it was handed
 * to the lane. The value is either bytes already formatted, or a {@link Payload} that the
 * destination's client takes as it is and that is encoded to bytes only if the record goes
 * to the spool: on the way that does not spill, such a record is encoded once, by the client.
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
	 * @param timestampMillis when the appender handed it over, on the
	 * {@link System#currentTimeMillis()} scale; the spool's oldest age is read from it
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

	/**
	 * Creates a record, without a key, whose value is encoded only when it is spooled.
	 * @param payload the value as the destination's client takes it
	 * @param timestampMillis when the appender handed it over
	 * @return the record
	 */
	public static LaneRecord of(Payload payload, long timestampMillis) {
		return new LaneRecord(payload, timestampMillis);
	}

	/**
	 * Returns the record's key.
	 * @return the key, or {@code null} for none
	 */
	public byte[] key() {
		return this.key;
	}

	/**
	 * Returns the record's value as bytes, encoding its payload the first time.
	 * @return the value
	 */
	public byte[] value() {
		if (this.value == null) {
			this.value = this.payload.encode();
		}
		return this.value;
	}

	/**
	 * Returns the value as the destination's client takes it, if the record was made of one.
	 * @return the payload, or {@code null} for a record of bytes (as the spool gives them back)
	 */
	public Payload payload() {
		return this.payload;
	}

	/**
	 * Returns when the appender handed the record over.
	 * @return the time, on the {@link System#currentTimeMillis()} scale
	 */
	public long timestampMillis() {
		return this.timestampMillis;
	}

	/**
	 * Returns the bytes the record takes in the spool, its key and value, encoding its payload
	 * if it has not been.
	 * @return the size in bytes
	 */
	public int size() {
		return ((this.key != null) ? this.key.length : 0) + value().length;
	}

	/**
	 * Returns what the record weighs in a lane's bounds: its size, or for a payload not encoded
	 * its estimate, so that the lane never encodes to count.
	 * @return the weight in bytes
	 */
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

		/**
		 * Returns the value as the bytes the spool keeps, which the client can read back.
		 * @return the bytes
		 */
		byte[] encode();

		/**
		 * Returns about how many bytes {@link #encode()} would make, without encoding.
		 * @return the estimate
		 */
		int weight();

	}

}
