package io.asynclog.core.lane.otlp;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.logs.Severity;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.sdk.common.InstrumentationScopeInfo;
import io.opentelemetry.sdk.logs.data.Body;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.resources.Resource;

/**
 * An {@link OtlpRecord} as OpenTelemetry's exporter takes it: made from the record directly,
 * or read back from a spool's bytes. Built on the lane's thread only.
 *
 * @author asynclog
 */
final class DecodedLogRecord implements LogRecordData {

	private static final Severity[] SEVERITIES = new Severity[25];

	static {
		for (Severity severity : Severity.values()) {
			SEVERITIES[severity.getSeverityNumber()] = severity;
		}
	}

	private final Resource resource;

	private final InstrumentationScopeInfo scope;

	private final long epochNanos;

	private final SpanContext spanContext;

	private final Severity severity;

	private final String severityText;

	private final String body;

	private final Attributes attributes;

	private DecodedLogRecord(Resource resource, InstrumentationScopeInfo scope, long epochNanos,
			SpanContext spanContext, Severity severity, String severityText, String body, Attributes attributes) {
		this.resource = resource;
		this.scope = scope;
		this.epochNanos = epochNanos;
		this.spanContext = spanContext;
		this.severity = severity;
		this.severityText = severityText;
		this.body = body;
		this.attributes = attributes;
	}

	/**
	 * Reads a record from the bytes {@link OtlpRecord#encode()} made.
	 * @param scopes the instrumentation scope of each logger name met so far
	 * @throws IllegalArgumentException if the bytes are not such a record
	 */
	static DecodedLogRecord decode(byte[] bytes, Resource resource, Map<String, InstrumentationScopeInfo> scopes) {
		ByteBuffer in = ByteBuffer.wrap(bytes);
		try {
			byte version = in.get();
			if (version != OtlpRecord.VERSION) {
				throw new IllegalArgumentException("not an OTLP record of this version: " + version);
			}
			long epochNanos = in.getLong();
			String level = readString(in);
			String loggerName = readString(in);
			String body = readString(in);
			String traceId = readString(in);
			String spanId = readString(in);
			String flags = readString(in);
			int count = in.getInt();
			AttributesBuilder attributes = Attributes.builder();
			for (int i = 0; i < count; i++) {
				String key = readString(in);
				byte kind = in.get();
				if (kind == OtlpRecord.LONG) {
					attributes.put(AttributeKey.longKey(key), in.getLong());
				}
				else {
					attributes.put(AttributeKey.stringKey(key), readString(in));
				}
			}
			InstrumentationScopeInfo scope = scopes.computeIfAbsent((loggerName != null) ? loggerName : "",
					InstrumentationScopeInfo::create);
			return new DecodedLogRecord(resource, scope, epochNanos, spanContext(traceId, spanId, flags),
					SEVERITIES[OtlpRecord.severityNumber(level)], level, body, attributes.build());
		}
		catch (RuntimeException ex) {
			throw new IllegalArgumentException("not an OTLP record: " + ex, ex);
		}
	}

	/** Makes the same record {@link #decode} makes, for a record that never went to the spool. */
	static DecodedLogRecord of(OtlpRecord record, Resource resource, Map<String, InstrumentationScopeInfo> scopes) {
		Map<String, String> mdc = (record.context() != null) ? record.context() : Map.of();
		AttributesBuilder attributes = Attributes.builder();
		putIfSet(attributes, "thread.name", record.threadName());
		if (record.threadId() >= 0) {
			attributes.put(AttributeKey.longKey("thread.id"), record.threadId());
		}
		putIfSet(attributes, "exception.type", record.exceptionType());
		putIfSet(attributes, "exception.message", record.exceptionMessage());
		putIfSet(attributes, "exception.stacktrace", record.exceptionStacktrace());
		mdc.forEach((key, value) -> {
			if (!OtlpRecord.TraceKeys.isTraceKey(key)) {
				attributes.put(AttributeKey.stringKey(key), (value != null) ? value : "");
			}
		});
		String loggerName = record.loggerName();
		InstrumentationScopeInfo scope = scopes.computeIfAbsent((loggerName != null) ? loggerName : "",
				InstrumentationScopeInfo::create);
		SpanContext spanContext = spanContext(OtlpRecord.TraceKeys.traceId(mdc), OtlpRecord.TraceKeys.spanId(mdc),
				OtlpRecord.TraceKeys.flags(mdc));
		return new DecodedLogRecord(resource, scope, record.epochNanos(), spanContext,
				SEVERITIES[OtlpRecord.severityNumber(record.level())], record.level(), record.body(), attributes.build());
	}

	private static void putIfSet(AttributesBuilder attributes, String key, String value) {
		if (value != null) {
			attributes.put(AttributeKey.stringKey(key), value);
		}
	}

	private static SpanContext spanContext(String traceId, String spanId, String flags) {
		if (traceId == null || spanId == null) {
			return SpanContext.getInvalid();
		}
		// Micrometer Tracing puts the ids of sampled spans only; the agent says.
		TraceFlags traceFlags = (flags != null && flags.length() == 2) ? TraceFlags.fromHex(flags, 0)
				: TraceFlags.getSampled();
		// An id that is not hex of the right length makes an invalid context: no trace id.
		return SpanContext.create(traceId, spanId, traceFlags, TraceState.getDefault());
	}

	private static String readString(ByteBuffer in) {
		int length = in.getInt();
		if (length < 0) {
			return null;
		}
		String value = new String(in.array(), in.position(), length, StandardCharsets.UTF_8);
		in.position(in.position() + length);
		return value;
	}

	@Override
	public Resource getResource() {
		return this.resource;
	}

	@Override
	public InstrumentationScopeInfo getInstrumentationScopeInfo() {
		return this.scope;
	}

	@Override
	public long getTimestampEpochNanos() {
		return this.epochNanos;
	}

	@Override
	public long getObservedTimestampEpochNanos() {
		return this.epochNanos;
	}

	@Override
	public SpanContext getSpanContext() {
		return this.spanContext;
	}

	@Override
	public Severity getSeverity() {
		return this.severity;
	}

	@Override
	public String getSeverityText() {
		return this.severityText;
	}

	@Override
	@Deprecated
	@SuppressWarnings("deprecation")
	public Body getBody() {
		return (this.body != null) ? Body.string(this.body) : Body.empty();
	}

	@Override
	public Attributes getAttributes() {
		return this.attributes;
	}

	@Override
	public int getTotalAttributeCount() {
		return this.attributes.size();
	}

}
