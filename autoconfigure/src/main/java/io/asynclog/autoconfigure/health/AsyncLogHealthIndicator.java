package io.asynclog.autoconfigure.health;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;


import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

import io.asynclog.config.AsyncLogProperties;
import io.asynclog.appender.AppenderErrors;
import io.asynclog.appender.LogAppender;
import io.asynclog.appender.Shipping;
import io.asynclog.appender.UnopenedAppenders;
import io.asynclog.backend.LoggingBackend;
import io.asynclog.queue.LogQueue;
import io.asynclog.queue.QueueMonitor;
import io.asynclog.queue.QueueStatus;

/**
 * Health of asynclog's queues and appenders: DOWN while a queue has stayed above
 * {@code asynclog.health.fill-threshold} for {@code asynclog.health.fill-duration}, or
 * while a queue dropped an event or an appender of the running configuration failed to
 * write within {@code asynclog.health.drop-window}, or while records of a shipping
 * appender have waited {@code asynclog.health.shipping-stall} for the broker with none
 * acknowledged, or while an appender that could not open its file stands in for it
 * ({@code asynclog.appender-start-failure=warn}); UP otherwise. The details show every
 * queue, and on DOWN the reasons.
 *
 * @author asynclog
 */
public class AsyncLogHealthIndicator extends AbstractHealthIndicator {

	private final QueueMonitor monitor;

	private final LoggingBackend backend;

	private final AsyncLogProperties.Health thresholds;

	public AsyncLogHealthIndicator(QueueMonitor monitor, LoggingBackend backend, AsyncLogProperties.Health thresholds) {
		super("asynclog health check failed");
		this.monitor = monitor;
		this.backend = backend;
		this.thresholds = thresholds;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		Map<String, Object> queues = new LinkedHashMap<>();
		List<String> reasons = new ArrayList<>();
		for (QueueStatus status : this.monitor.queues()) {
			LogQueue queue = status.queue();
			queues.put(queue.name(), details(status));
			if (queue.fill() > this.thresholds.getFillThreshold()
					&& status.aboveThresholdFor().compareTo(this.thresholds.getFillDuration()) >= 0) {
				reasons.add("queue '%s' has been more than %s full for %s".formatted(queue.name(),
						percent(this.thresholds.getFillThreshold()), seconds(status.aboveThresholdFor())));
			}
			Duration sinceLastDrop = status.sinceLastDrop();
			if (sinceLastDrop != null && sinceLastDrop.compareTo(this.thresholds.getDropWindow()) < 0) {
				reasons.add("queue '%s' dropped events %s ago".formatted(queue.name(), seconds(sinceLastDrop)));
			}
		}
		for (LogAppender appender : this.backend.appenders()) {
			long lastError = AppenderErrors.lastErrorNanos(appender.name());
			Duration sinceLastError = (lastError != Long.MIN_VALUE) ? Duration.ofNanos(System.nanoTime() - lastError)
					: null;
			if (sinceLastError != null && sinceLastError.compareTo(this.thresholds.getDropWindow()) < 0) {
				reasons.add("appender '%s' failed to write %s ago (%d failures since start)".formatted(appender.name(),
						seconds(sinceLastError), appender.errors()));
			}
			Shipping shipping = appender.shipping();
			Duration stall = this.thresholds.getShippingStall();
			if (shipping != null && !stall.isZero() && shipping.waitingWithoutAnswer().compareTo(stall) >= 0) {
				reasons.add("appender '%s' has %d records waiting for %s (%s), none acknowledged for %s%s".formatted(
						appender.name(), shipping.backlog(), shipping.system(), shipping.destination(),
						seconds(shipping.waitingWithoutAnswer()),
						(shipping.lastFailure() != null) ? "; last failure: " + shipping.lastFailure() : ""));
			}
		}
		// Until the application restarts: the stand-in never opens the file.
		UnopenedAppenders.all().forEach((unopened) -> reasons.add(unopened.describe()));
		builder.status(reasons.isEmpty() ? Status.UP : Status.DOWN);
		builder.withDetail("queues", queues);
		if (!reasons.isEmpty()) {
			builder.withDetail("reasons", reasons);
		}
	}

	private static Map<String, Object> details(QueueStatus status) {
		LogQueue queue = status.queue();
		Map<String, Object> details = new LinkedHashMap<>();
		details.put("type", queue.type());
		details.put("capacity", queue.capacity());
		details.put("used", queue.used());
		details.put("fill", percent(queue.fill()));
		details.put("peak", status.peak());
		details.put("dropped", status.dropped());
		return details;
	}

	private static String percent(double fraction) {
		return "%.1f%%".formatted(fraction * 100);
	}

	private static String seconds(Duration duration) {
		return "%.1fs".formatted(duration.toMillis() / 1000.0);
	}

}
