package io.asynclog.core.lane;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A lane's record: one of bytes weighs and sizes as its key and value; one of a payload is
 * weighed by its estimate, never encoded to count, and encoded once, the first time its
 * bytes are asked for.
 */
class LaneRecordTests {

	@Test
	void aRecordOfBytesWeighsItsKeyAndValueAndHasNoPayload() {
		LaneRecord keyed = new LaneRecord(bytes("key"), bytes("value!"), 42);
		assertThat(keyed.key()).isEqualTo(bytes("key"));
		assertThat(keyed.value()).isEqualTo(bytes("value!"));
		assertThat(keyed.timestampMillis()).isEqualTo(42);
		assertThat(keyed.payload()).isNull();
		assertThat(keyed.size()).isEqualTo(9);
		assertThat(keyed.weight()).isEqualTo(9);
		LaneRecord unkeyed = new LaneRecord(null, bytes("value!"), 43);
		assertThat(unkeyed.key()).isNull();
		assertThat(unkeyed.size()).isEqualTo(6);
		assertThat(unkeyed.weight()).isEqualTo(6);
	}

	@Test
	void aPayloadIsWeighedByItsEstimateWithoutBeingEncoded() {
		CountingPayload payload = new CountingPayload("0123456789", 100);
		LaneRecord record = LaneRecord.of(payload, 7);
		assertThat(record.weight()).isEqualTo(100);
		assertThat(record.weight()).isEqualTo(100);
		assertThat(payload.encoded).as("encodings to weigh").isZero();
		assertThat(record.payload()).isSameAs(payload);
		assertThat(record.key()).isNull();
		assertThat(record.timestampMillis()).isEqualTo(7);
	}

	@Test
	void aPayloadIsEncodedOnceAndThenWeighsItsBytes() {
		CountingPayload payload = new CountingPayload("0123456789", 100);
		LaneRecord record = LaneRecord.of(payload, 7);
		byte[] value = record.value();
		assertThat(value).isEqualTo(bytes("0123456789"));
		assertThat(record.value()).isSameAs(value);
		assertThat(record.size()).isEqualTo(10);
		assertThat(record.weight()).as("the bytes, once there are some").isEqualTo(10);
		assertThat(payload.encoded).isEqualTo(1);
	}

	@Test
	void theSizeOfAPayloadNotYetEncodedEncodesItOnce() {
		CountingPayload payload = new CountingPayload("abc", 100);
		LaneRecord record = LaneRecord.of(payload, 7);
		assertThat(record.size()).isEqualTo(3);
		assertThat(record.value()).isEqualTo(bytes("abc"));
		assertThat(payload.encoded).isEqualTo(1);
	}

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

	/** A payload that counts its encodings and gives an estimate unlike its true size. */
	private static final class CountingPayload implements LaneRecord.Payload {

		private final String text;

		private final int weight;

		int encoded;

		CountingPayload(String text, int weight) {
			this.text = text;
			this.weight = weight;
		}

		@Override
		public byte[] encode() {
			this.encoded++;
			return bytes(this.text);
		}

		@Override
		public int weight() {
			return this.weight;
		}

	}

}
