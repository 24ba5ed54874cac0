package io.asynclog.autoconfigure.health;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;


import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

import io.asynclog.core.appender.LogAppender;
import io.asynclog.core.appender.Shipping;
import io.asynclog.core.appender.UnopenedAppenders;
import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.count.AppenderErrors;
import io.asynclog.core.lane.RemoteLane;
import io.asynclog.core.queue.LogQueue;
import io.asynclog.core.queue.QueueMonitor;
import io.asynclog.core.queue.QueueStatus;

/**
 * Health of asynclog's queues and appenders, with every queue in the details and, when it is
 * not UP, the reasons. There are two kinds of reason:
 * <ul>
 * <li>troubles of the application's own logging, always {@link Status#DOWN}: a queue that has
 * stayed above {@code asynclog.health.fill-threshold} for
 * {@code asynclog.health.fill-duration}, and an appender that could not open its file and
 * stands in for it ({@code asynclog.appender-start-failure=warn});</li>
 * <li>troubles of log delivery, {@link #DEGRADED} unless
 * {@code asynclog.health.pipeline-status=down}: records of a shipping appender that have
 * waited {@code asynclog.health.shipping-stall} for the broker with none acknowledged, and a
 * queue that dropped an event or an appender of the running configuration that failed to
 * write within {@code asynclog.health.drop-window}.</li>
 * </ul>
 * <p>
 * Why: DOWN when this instance cannot do its own work as configured (a full queue holds up
 * requests; an unopened file loses every event until a restart). DEGRADED when the
 * application serves at full speed meanwhile and the cause is usually shared by every
 * instance (one broker, one log volume): DOWN, a 503, would take them all out of the load
 * balancer at once, an outage amplifier. A broker outage long enough to fill the queue turns
 * DOWN through the fill reason.
 * <p>
 * {@link #DEGRADED} answers HTTP 200 unless mapped otherwise; {@link HealthStatusOrder} ranks
 * it between OUT_OF_SERVICE and UP, so that the aggregate {@code /actuator/health} shows it.
 *
 * @author asynclog
 */
public class AsyncLogHealthIndicator extends AbstractHealthIndicator {

	/**
	 * The status of troubles of log delivery alone: the application serves, log events are
	 * delayed or lost. Answered with HTTP 200 unless mapped otherwise.
	 */
	public static final Status DEGRADED = new Status("DEGRADED",
			"log events are delayed or lost; the application itself is serving");

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
		boolean ownLoggingDown = false;
		for (QueueStatus status : this.monitor.queues()) {
			LogQueue queue = status.queue();
			queues.put(queue.name(), details(status));
			if (queue.fill() > this.thresholds.getFillThreshold()
					&& status.aboveThresholdFor().compareTo(this.thresholds.getFillDuration()) >= 0) {
				reasons.add("queue '%s' has been more than %s full for %s".formatted(queue.name(),
						percent(this.thresholds.getFillThreshold()), seconds(status.aboveThresholdFor())));
				ownLoggingDown = true;
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
				String why = paused(appender.name()) ? "; its shipping is paused (asynclog endpoint)"
						: (shipping.lastFailure() != null) ? "; last failure: " + shipping.lastFailure() : "";
				reasons.add("appender '%s' has %d records waiting for %s (%s), none acknowledged for %s%s".formatted(
						appender.name(), shipping.backlog(), shipping.system(), shipping.destination(),
						seconds(shipping.waitingWithoutAnswer()), why));
			}
		}
		// Until the application restarts: the stand-in never opens the file.
		for (UnopenedAppenders.Unopened unopened : UnopenedAppenders.all()) {
			reasons.add(unopened.describe());
			ownLoggingDown = true;
		}
		builder.status(status(ownLoggingDown, !reasons.isEmpty()));
		builder.withDetail("queues", queues);
		if (!reasons.isEmpty()) {
			builder.withDetail("reasons", reasons);
		}
	}

	/**
	 * DOWN for a trouble of the application's own logging; for troubles of delivery alone,
	 * the status {@code asynclog.health.pipeline-status} asks for.
	 */
	private Status status(boolean ownLoggingDown, boolean anyReason) {
		if (ownLoggingDown) {
			return Status.DOWN;
		}
		if (!anyReason) {
			return Status.UP;
		}
		return (this.thresholds.getPipelineStatus() == AsyncLogProperties.PipelineStatus.DOWN) ? Status.DOWN
				: DEGRADED;
	}

	private boolean paused(String appender) {
		for (RemoteLane remote : this.backend.remoteLanes()) {
			if (remote.appender().equals(appender)) {
				return remote.lane().isPaused();
			}
		}
		return false;
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
