package io.asynclog.core.lane;

/**
 * One formatted record on its way to a remote destination: its key, its value and when it
 * was handed to the lane.
 *
 * @param key the record's key, or {@code null} for none
 * @param value the record's value
 * @param timestampMillis when the appender handed it over, on the {@link System#currentTimeMillis()} scale;
 * the spool's oldest age is read from it
 * @author asynclog
 */
public record LaneRecord(byte[] key, byte[] value, long timestampMillis) {

	/**
	 * Returns the bytes the record weighs in a lane or spool: its key and value.
	 * @return the size in bytes
	 */
	public int size() {
		return ((this.key != null) ? this.key.length : 0) + this.value.length;
	}

}
