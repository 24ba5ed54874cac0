package io.asynclog.core.lane.otlp;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.Value;
import io.opentelemetry.api.logs.Severity;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import io.opentelemetry.sdk.resources.Resource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.core.lane.Destination.Offer;
import io.asynclog.core.lane.Destination.Outcome;
import io.asynclog.core.lane.LaneRecord;
import io.asynclog.core.lane.Spool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * An OTLP record's bytes, as the spool keeps them, read back as OpenTelemetry's record: every
 * field, each attribute once, the trace context from either MDC convention; its weight,
 * estimated without encoding; and a record offered straight from the appender is never
 * encoded to bytes, one that goes through the spool once.
 */
class OtlpRecordTests {

	@TempDir
	Path dir;

	@Test
	void eachLevelHasItsOtlpSeverityNumber() {
		Map<String, Integer> numbers = new LinkedHashMap<>();
		for (String level : List.of("TRACE", "DEBUG", "INFO", "WARN", "ERROR", "FATAL", "NOTICE", "info")) {
			numbers.put(level, OtlpRecord.severityNumber(level));
		}
		assertThat(numbers).containsExactly(Map.entry("TRACE", 1), Map.entry("DEBUG", 5), Map.entry("INFO", 9),
				Map.entry("WARN", 13), Map.entry("ERROR", 17), Map.entry("FATAL", 21), Map.entry("NOTICE", 0),
				Map.entry("info", 0));
	}

	@Test
	void everyFieldReadsBackFromTheBytes() {
		Map<String, String> mdc = new LinkedHashMap<>();
		mdc.put("traceId", "4bf92f3577b34da6a3ce929d0e0e4736");
		mdc.put("spanId", "00f067aa0ba902b7");
		mdc.put("user", "alice");
		mdc.put("empty", null);
		OtlpRecord record = new OtlpRecord(1_700_000_000_123_456_789L, "ERROR", "com.shop.Orders", "order 7 failed ✓",
				"http-nio-1", 42, "java.lang.IllegalStateException", "late",
				"java.lang.IllegalStateException: late\n\tat com.shop.Orders.place(Orders.java:7)", mdc);
		byte[] bytes = record.encode();
		assertThat(bytes[0]).as("the version first").isEqualTo(OtlpRecord.VERSION);
		LogRecordData read = decode(bytes);
		assertThat(read.getTimestampEpochNanos()).isEqualTo(1_700_000_000_123_456_789L);
		assertThat(read.getSeverity()).isEqualTo(Severity.ERROR);
		assertThat(read.getSeverityText()).isEqualTo("ERROR");
		assertThat(read.getInstrumentationScopeInfo().getName()).isEqualTo("com.shop.Orders");
		assertThat(read.getBodyValue()).isEqualTo(Value.of("order 7 failed ✓"));
		assertThat(read.getSpanContext().getTraceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
		assertThat(read.getSpanContext().getSpanId()).isEqualTo("00f067aa0ba902b7");
		assertThat(read.getSpanContext().isSampled()).isTrue();
		assertThat(read.getAttributes()).isEqualTo(Attributes.builder()
			.put("thread.name", "http-nio-1")
			.put(AttributeKey.longKey("thread.id"), 42L)
			.put("exception.type", "java.lang.IllegalStateException")
			.put("exception.message", "late")
			.put("exception.stacktrace", "java.lang.IllegalStateException: late\n\tat com.shop.Orders.place(Orders.java:7)")
			.put("user", "alice")
			.put("empty", "")
			.build());
	}

	@Test
	void fieldsNotSetReadBackAsNotSet() {
		LogRecordData read = decode(new OtlpRecord(5, "INFO", null, null, null, -1, null, null, null, null).encode());
		assertThat(read.getTimestampEpochNanos()).isEqualTo(5);
		assertThat(read.getInstrumentationScopeInfo().getName()).isEmpty();
		assertThat(read.getBodyValue()).isNull();
		assertThat(read.getAttributes().isEmpty()).isTrue();
		assertThat(read.getSpanContext()).isEqualTo(SpanContext.getInvalid());
	}

	/**
	 * OpenTelemetry's agent puts the trace context under its own keys, with the flags;
	 * Micrometer Tracing's keys win where both are set. None of them is an attribute.
	 */
	@Test
	void theTraceContextComesFromEitherConventionAndIsNoAttribute() {
		LogRecordData agent = decode(new OtlpRecord(1, "INFO", "a", "b", null, -1, null, null, null,
				Map.of("trace_id", "4bf92f3577b34da6a3ce929d0e0e4736", "span_id", "00f067aa0ba902b7", "trace_flags",
						"00"))
			.encode());
		assertThat(agent.getSpanContext().getTraceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
		assertThat(agent.getSpanContext().isSampled()).isFalse();
		assertThat(agent.getAttributes().isEmpty()).isTrue();
		LogRecordData both = decode(new OtlpRecord(1, "INFO", "a", "b", null, -1, null, null, null,
				Map.of("traceId", "0af7651916cd43dd8448eb211c80319c", "spanId", "b7ad6b7169203331", "trace_id",
						"4bf92f3577b34da6a3ce929d0e0e4736", "span_id", "00f067aa0ba902b7"))
			.encode());
		assertThat(both.getSpanContext().getTraceId()).isEqualTo("0af7651916cd43dd8448eb211c80319c");
		assertThat(both.getSpanContext().getSpanId()).isEqualTo("b7ad6b7169203331");
		assertThat(both.getAttributes().isEmpty()).isTrue();
	}

	@Test
	void bytesOfAnotherVersionAreRefused() {
		byte[] bytes = new OtlpRecord(1, "INFO", "a", "b", null, -1, null, null, null, null).encode();
		bytes[0] = 2;
		assertThatIllegalArgumentException().isThrownBy(() -> decode(bytes))
			.withMessageEndingWith("not an OTLP record of this version: 2");
	}

	@Test
	void theWeightIsEstimatedFromTheFieldsLengths() {
		OtlpRecord record = new OtlpRecord(1, "INFO", "a.b", "hello", "main", 1, null, null, null, Map.of("k", "v"));
		assertThat(record.weight()).isEqualTo(64 + 4 + 3 + 5 + 4 + (10 + 1 + 1));
		assertThat(new OtlpRecord(1, "WARN", null, null, null, -1, "E", "m", "st", null).weight())
			.isEqualTo(64 + 4 + 1 + 1 + 2);
	}

	/**
	 * Straight from the appender, the sender makes OpenTelemetry's record from the fields: the
	 * lane's record is never encoded to bytes (its weight stays the estimate). Through the
	 * spool it is encoded once, and the sender reads the same record back from the bytes.
	 */
	@Test
	void aRecordIsEncodedOnlyWhenItGoesThroughTheSpool() throws IOException {
		OtlpRecord record = new OtlpRecord(1, "INFO", "a", "straight", "main", 7, null, null, null, Map.of("k", "v"));
		assertThat(record.weight()).as("an estimate unlike the bytes' length").isNotEqualTo(record.encode().length);
		LaneRecord straight = LaneRecord.of(record, 1);
		RecordingExporter exporter = new RecordingExporter();
		OtlpSender sender = new OtlpSender("otlp-record-unit",
				new OtlpSettings("http://127.0.0.1:4318/v1/logs", false, Map.of(), "none", Duration.ofSeconds(1),
						Map.of()),
				exporter);
		assertThat(sender.offer(straight, new IgnoredOutcome())).isEqualTo(Offer.ACCEPTED);
		assertThat(straight.weight()).as("not encoded").isEqualTo(record.weight());

		LaneRecord spilled = LaneRecord.of(record, 1);
		try (Spool spool = new Spool(this.dir, 1024 * 1024)) {
			spool.append(spilled);
			assertThat(spilled.weight()).as("encoded for the spool").isEqualTo(record.encode().length);
			assertThat(sender.offer(spool.next().record(), new IgnoredOutcome())).isEqualTo(Offer.ACCEPTED);
		}
		sender.afterOffers();
		assertThat(exporter.exported).hasSize(2);
		LogRecordData direct = exporter.exported.get(0);
		LogRecordData readBack = exporter.exported.get(1);
		assertThat(readBack.getBodyValue()).isEqualTo(direct.getBodyValue()).isEqualTo(Value.of("straight"));
		assertThat(readBack.getAttributes()).isEqualTo(direct.getAttributes());
		assertThat(readBack.getTimestampEpochNanos()).isEqualTo(direct.getTimestampEpochNanos());
		sender.close(Duration.ZERO);
	}

	private static LogRecordData decode(byte[] bytes) {
		return DecodedLogRecord.decode(bytes, Resource.empty(), new HashMap<>());
	}

	/** Keeps what it is given and answers at once. */
	private static final class RecordingExporter implements LogRecordExporter {

		final List<LogRecordData> exported = new ArrayList<>();

		@Override
		public CompletableResultCode export(Collection<LogRecordData> logs) {
			this.exported.addAll(logs);
			return CompletableResultCode.ofSuccess();
		}

		@Override
		public CompletableResultCode flush() {
			return CompletableResultCode.ofSuccess();
		}

		@Override
		public CompletableResultCode shutdown() {
			return CompletableResultCode.ofSuccess();
		}

	}

	private static final class IgnoredOutcome implements Outcome {

		@Override
		public void acknowledged() {
		}

		@Override
		public void failed() {
		}

		@Override
		public void unanswered() {
		}

	}

}
