package io.asynclog.core.lane.otlp;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.function.BiConsumer;

import io.asynclog.core.lane.LaneRecord;

/**
 * One log event as an OTLP log record, backend-neutral: what each backend's otlp appender
 * reads from its event. It travels through the lane as it is, and {@link OtlpSender} makes
 * OpenTelemetry's record of it directly; only a record that goes to the spool is encoded to
 * bytes, from which the sender rebuilds it once the collector answers again.
 * <p>
 * The logger's name becomes the record's instrumentation scope, as OpenTelemetry's own
 * Log4j2 and Logback appenders name it. The thread and the exception become the semantic
 * convention attributes {@code thread.name}, {@code thread.id}, {@code exception.type},
 * {@code exception.message} and {@code exception.stacktrace}; each MDC entry an attribute of
 * its own name. The trace and span ids come from the MDC, where Micrometer Tracing
 * ({@code traceId}, {@code spanId}) and OpenTelemetry's agent ({@code trace_id},
 * {@code span_id}, {@code trace_flags}) put them on the calling thread, so that they are
 * right whichever thread formats the event.
 *
 * @param epochNanos when the event happened, in nanoseconds since the epoch
 * @param level the level's name, such as {@code INFO}
 * @param loggerName the logger's name
 * @param body the formatted message
 * @param threadName the logging thread's name, or {@code null}
 * @param threadId the logging thread's id, or -1 when the backend does not keep it
 * @param exceptionType the class name of the event's exception, or {@code null}
 * @param exceptionMessage its message, or {@code null}
 * @param exceptionStacktrace its stack trace as printed, or {@code null}
 * @param context the MDC entries, or {@code null}
 * @author asynclog
 */
public record OtlpRecord(long epochNanos, String level, String loggerName, String body, String threadName,
		long threadId, String exceptionType, String exceptionMessage, String exceptionStacktrace,
		Map<String, String> context) implements LaneRecord.Payload {

	/** The first byte of every encoded record: bump it when the encoding changes. */
	static final byte VERSION = 1;

	static final byte STRING = 0;

	static final byte LONG = 1;

	/**
	 * Returns the OTLP severity number of a level: TRACE 1, DEBUG 5, INFO 9, WARN 13, ERROR
	 * 17, FATAL 21, any other 0 (unspecified); the level's name stays the severity text.
	 * @param level the level's name
	 * @return the severity number
	 */
	public static int severityNumber(String level) {
		return switch (level) {
			case "TRACE" -> 1;
			case "DEBUG" -> 5;
			case "INFO" -> 9;
			case "WARN" -> 13;
			case "ERROR" -> 17;
			case "FATAL" -> 21;
			default -> 0;
		};
	}

	@Override
	public byte[] encode() {
		Output out = new Output(64 + length(this.body) + length(this.exceptionStacktrace));
		out.write(VERSION);
		out.writeLong(this.epochNanos);
		out.writeString(this.level);
		out.writeString(this.loggerName);
		out.writeString(this.body);
		Map<String, String> mdc = (this.context != null) ? this.context : Map.of();
		out.writeString(TraceKeys.traceId(mdc));
		out.writeString(TraceKeys.spanId(mdc));
		out.writeString(TraceKeys.flags(mdc));
		int count = mdc.size() - TraceKeys.present(mdc) + ((this.threadName != null) ? 1 : 0)
				+ ((this.threadId >= 0) ? 1 : 0) + ((this.exceptionType != null) ? 1 : 0)
				+ ((this.exceptionMessage != null) ? 1 : 0) + ((this.exceptionStacktrace != null) ? 1 : 0);
		out.writeInt(count);
		out.attribute("thread.name", this.threadName);
		if (this.threadId >= 0) {
			out.writeString("thread.id");
			out.write(LONG);
			out.writeLong(this.threadId);
		}
		out.attribute("exception.type", this.exceptionType);
		out.attribute("exception.message", this.exceptionMessage);
		out.attribute("exception.stacktrace", this.exceptionStacktrace);
		mdc.forEach((BiConsumer<String, String>) (key, value) -> {
			if (!TraceKeys.isTraceKey(key)) {
				out.attribute(key, (value != null) ? value : "");
			}
		});
		return out.bytes();
	}

	/** One byte per character, as in most log lines. */
	@Override
	public int weight() {
		int weight = 64 + length(this.level) + length(this.loggerName) + length(this.body) + length(this.threadName)
				+ length(this.exceptionType) + length(this.exceptionMessage) + length(this.exceptionStacktrace);
		if (this.context != null) {
			for (Map.Entry<String, String> entry : this.context.entrySet()) {
				weight += 10 + length(entry.getKey()) + length(entry.getValue());
			}
		}
		return weight;
	}

	private static int length(String value) {
		return (value != null) ? value.length() : 0;
	}

	/** The MDC keys that carry the trace context: Micrometer Tracing's, then OpenTelemetry's agent's. */
	static final class TraceKeys {

		private TraceKeys() {
		}

		static String traceId(Map<String, String> mdc) {
			String micrometer = mdc.get("traceId");
			return (micrometer != null) ? micrometer : mdc.get("trace_id");
		}

		static String spanId(Map<String, String> mdc) {
			String micrometer = mdc.get("spanId");
			return (micrometer != null) ? micrometer : mdc.get("span_id");
		}

		static String flags(Map<String, String> mdc) {
			return mdc.get("trace_flags");
		}

		static boolean isTraceKey(String key) {
			return switch (key) {
				case "traceId", "spanId", "trace_id", "span_id", "trace_flags" -> true;
				default -> false;
			};
		}

		static int present(Map<String, String> mdc) {
			int present = 0;
			for (String key : mdc.keySet()) {
				if (isTraceKey(key)) {
					present++;
				}
			}
			return present;
		}

	}

	/** A growing byte array: strings as a length and UTF-8, numbers big-endian. */
	private static final class Output {

		private byte[] bytes;

		private int size;

		Output(int capacity) {
			this.bytes = new byte[capacity];
		}

		void write(int value) {
			ensure(1);
			this.bytes[this.size++] = (byte) value;
		}

		void writeInt(int value) {
			ensure(4);
			for (int shift = 24; shift >= 0; shift -= 8) {
				this.bytes[this.size++] = (byte) (value >>> shift);
			}
		}

		void writeLong(long value) {
			ensure(8);
			for (int shift = 56; shift >= 0; shift -= 8) {
				this.bytes[this.size++] = (byte) (value >>> shift);
			}
		}

		/** A {@code null} string is written as length -1, so that it reads back as {@code null}. */
		void writeString(String value) {
			if (value == null) {
				writeInt(-1);
				return;
			}
			byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
			writeInt(utf8.length);
			ensure(utf8.length);
			System.arraycopy(utf8, 0, this.bytes, this.size, utf8.length);
			this.size += utf8.length;
		}

		void attribute(String key, String value) {
			if (value != null) {
				writeString(key);
				write(STRING);
				writeString(value);
			}
		}

		private void ensure(int more) {
			if (this.size + more > this.bytes.length) {
				this.bytes = Arrays.copyOf(this.bytes, Math.max(this.bytes.length * 2, this.size + more));
			}
		}

		byte[] bytes() {
			return (this.size == this.bytes.length) ? this.bytes : Arrays.copyOf(this.bytes, this.size);
		}

	}

}
