package io.asynclog.logback.appender;

import java.time.Instant;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;

import io.asynclog.core.lane.Lane;
import io.asynclog.core.lane.Shipment;
import io.asynclog.core.lane.otlp.OtlpRecord;
import io.asynclog.core.lane.otlp.OtlpSender;
import io.asynclog.core.queue.ShutdownDeadline;

/**
 * Sends each event as one OTLP log record ({@link OtlpRecord}, no encoder) to an OpenTelemetry
 * Collector through an {@link OtlpSender}. Logback keeps no thread id, so records carry
 * {@code thread.name} alone.
 *
 * @author asynclog
 */
public final class OtlpAppender extends RemoteAppender {

	public OtlpAppender(OtlpSender sender, Lane.Settings settings, ShutdownDeadline shutdown) {
		super(new Shipment<>(sender, settings, shutdown, (lane, event) -> lane.add(record(event)), null));
	}

	private static OtlpRecord record(ILoggingEvent event) {
		Instant instant = event.getInstant();
		IThrowableProxy thrown = event.getThrowableProxy();
		return new OtlpRecord(instant.getEpochSecond() * 1_000_000_000L + instant.getNano(),
				event.getLevel().toString(), event.getLoggerName(), event.getFormattedMessage(), event.getThreadName(),
				-1, (thrown != null) ? thrown.getClassName() : null, (thrown != null) ? thrown.getMessage() : null,
				(thrown != null) ? ThrowableProxyUtil.asString(thrown) : null, event.getMDCPropertyMap());
	}

}
