package io.asynclog.core.lane.otlp;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.logs.Severity;
import io.opentelemetry.sdk.common.InstrumentationScopeInfo;
import io.opentelemetry.sdk.resources.Resource;
import org.junit.jupiter.api.Test;

import io.asynclog.core.lane.LaneRecord;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A record that never went to the spool is made straight from the {@link OtlpRecord}: it must
 * be the very record the spool's bytes give back.
 */
class DecodedLogRecordTests {

	private static final Resource RESOURCE = Resource.create(
			io.opentelemetry.api.common.Attributes.of(AttributeKey.stringKey("service.name"), "shop"));

	@Test
	void madeDirectlyIsTheSameAsReadBackFromTheSpoolsBytes() {
		Map<String, String> mdc = new LinkedHashMap<>();
		mdc.put("traceId", "4bf92f3577b34da6a3ce929d0e0e4736");
		mdc.put("spanId", "00f067aa0ba902b7");
		mdc.put("user", "alice");
		mdc.put("empty", null);
		List<OtlpRecord> records = List.of(
				new OtlpRecord(1_700_000_000_123_456_789L, "WARN", "com.shop.Orders", "order 7 late", "http-nio-1", 42,
						"java.lang.IllegalStateException", "late", "java.lang.IllegalStateException: late\n\tat x",
						mdc),
				new OtlpRecord(5, "INFO", null, null, null, -1, null, null, null, null),
				new OtlpRecord(6, "NOTICE", "a", "ünïcödé ✓", "main", -1, null, null, null,
						Map.of("trace_id", "not-hex", "span_id", "x", "trace_flags", "00")));
		Map<String, InstrumentationScopeInfo> scopes = new HashMap<>();
		for (OtlpRecord record : records) {
			DecodedLogRecord direct = DecodedLogRecord.of(record, RESOURCE, scopes);
			DecodedLogRecord readBack = DecodedLogRecord.decode(record.encode(), RESOURCE, scopes);
			assertThat(direct.getResource()).isEqualTo(readBack.getResource());
			assertThat(direct.getInstrumentationScopeInfo()).isSameAs(readBack.getInstrumentationScopeInfo());
			assertThat(direct.getTimestampEpochNanos()).isEqualTo(readBack.getTimestampEpochNanos())
				.isEqualTo(record.epochNanos());
			assertThat(direct.getSpanContext()).isEqualTo(readBack.getSpanContext());
			assertThat(direct.getSeverity()).isEqualTo(readBack.getSeverity());
			assertThat(direct.getSeverityText()).isEqualTo(readBack.getSeverityText()).isEqualTo(record.level());
			assertThat(direct.getBodyValue()).isEqualTo(readBack.getBodyValue());
			assertThat(direct.getAttributes()).isEqualTo(readBack.getAttributes());
		}
		DecodedLogRecord first = DecodedLogRecord.of(records.get(0), RESOURCE, scopes);
		assertThat(first.getSeverity()).isEqualTo(Severity.WARN);
		assertThat(first.getSpanContext().getTraceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
		assertThat(first.getAttributes().get(AttributeKey.longKey("thread.id"))).isEqualTo(42L);
		assertThat(first.getAttributes().get(AttributeKey.stringKey("empty"))).isEmpty();
		assertThat(first.getAttributes().get(AttributeKey.stringKey("traceId"))).isNull();
	}

	@Test
	void aLaneRecordOfARecordIsEncodedOnlyWhenItsBytesAreAskedFor() {
		OtlpRecord record = new OtlpRecord(1, "INFO", "a", "line", "main", 1, null, null, null, Map.of("k", "v"));
		LaneRecord laneRecord = LaneRecord.of(record, 9);
		assertThat(laneRecord.payload()).isSameAs(record);
		assertThat(laneRecord.weight()).isEqualTo(record.weight());
		byte[] value = laneRecord.value();
		assertThat(value).isEqualTo(record.encode());
		assertThat(laneRecord.value()).isSameAs(value);
		assertThat(laneRecord.size()).isEqualTo(value.length);
		assertThat(laneRecord.weight()).isEqualTo(value.length);
		assertThat(laneRecord.key()).isNull();
		assertThat(laneRecord.timestampMillis()).isEqualTo(9);
	}

}
