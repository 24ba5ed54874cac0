package io.asynclog.autoconfigure.health;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.health.actuate.endpoint.HttpCodeStatusMapper;
import org.springframework.boot.health.actuate.endpoint.StatusAggregator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.logging.LogLevel;

import io.asynclog.core.appender.LogAppender;
import io.asynclog.core.appender.Shipping;
import io.asynclog.core.appender.UnopenedAppenders;
import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.config.AsyncLogProperties.PipelineStatus;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.count.AppenderErrors;
import io.asynclog.core.queue.DroppedEvents;
import io.asynclog.core.queue.LogQueue;
import io.asynclog.core.queue.QueueMonitor;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The status of the {@code asynclog} health for each kind of reason, under each
 * {@code asynclog.health.pipeline-status}: troubles of log delivery (records waiting for a
 * broker, drops, failed writes) are DEGRADED or DOWN as set; a queue held full and an
 * appender that never opened its file are DOWN either way. The queues and appenders are
 * stand-ins; the real ones, on both backends, are in {@code ObservabilityParityTests} and
 * {@code AppenderStartFailureTests}.
 */
class AsyncLogHealthIndicatorTests {

	private static final AtomicInteger NAMES = new AtomicInteger();

	/**
	 * Drops and failures are counted per name for the whole JVM: each test has names of its
	 * own.
	 */
	private final String name = "health-" + NAMES.incrementAndGet();

	private final List<LogQueue> queues = new ArrayList<>();

	private final List<LogAppender> appenders = new ArrayList<>();

	private QueueMonitor monitor;

	@AfterEach
	void stop() {
		if (this.monitor != null) {
			this.monitor.close();
		}
		UnopenedAppenders.replaceAll(Map.of());
	}

	@ParameterizedTest
	@EnumSource(PipelineStatus.class)
	void upWithoutAReason(PipelineStatus setting) {
		this.queues.add(new LogQueue(this.name, LogQueue.RING_BUFFER, 1024, 1024));
		Health health = health(setting);
		assertThat(health.getStatus()).isEqualTo(Status.UP);
		assertThat(health.getDetails()).containsKey("queues").doesNotContainKey("reasons");
	}

	@Test
	void recordsWaitingForTheBrokerAreDegradedByDefault() {
		shippingStalled();
		Health health = health(new AsyncLogProperties().getHealth());
		assertThat(health.getStatus()).isEqualTo(AsyncLogHealthIndicator.DEGRADED);
		assertThat(reasons(health)).singleElement()
			.asString()
			.startsWith("appender '" + this.name + "' has 1200 records waiting for kafka (logs), none acknowledged for 12.0s");
	}

	@Test
	void recordsWaitingForTheBrokerAreDownOnlyWhenAskedFor() {
		shippingStalled();
		assertThat(health(PipelineStatus.DEGRADED).getStatus()).isEqualTo(AsyncLogHealthIndicator.DEGRADED);
		Health down = health(PipelineStatus.DOWN);
		assertThat(down.getStatus()).isEqualTo(Status.DOWN);
		assertThat(reasons(down)).singleElement().asString().contains("records waiting for kafka");
	}

	@ParameterizedTest
	@EnumSource(PipelineStatus.class)
	void aQueueThatDroppedEventsIsAPipelineReason(PipelineStatus setting) {
		this.queues.add(new LogQueue(this.name, LogQueue.RING_BUFFER, 1024, 1024));
		DroppedEvents.forQueue(this.name).record(LogLevel.INFO);
		Health health = health(setting);
		assertThat(health.getStatus()).isEqualTo(pipelineStatus(setting));
		assertThat(reasons(health)).singleElement()
			.asString()
			.startsWith("queue '" + this.name + "' dropped events ");
	}

	@ParameterizedTest
	@EnumSource(PipelineStatus.class)
	void anAppenderThatFailedToWriteIsAPipelineReason(PipelineStatus setting) {
		this.appenders.add(new LogAppender(this.name, "File", "/var/log/app.log", true, true, 1, null));
		AppenderErrors.forAppender(this.name).record();
		Health health = health(setting);
		assertThat(health.getStatus()).isEqualTo(pipelineStatus(setting));
		assertThat(reasons(health)).singleElement()
			.asString()
			.startsWith("appender '" + this.name + "' failed to write ");
	}

	@ParameterizedTest
	@EnumSource(PipelineStatus.class)
	void aQueueHeldFullIsDownWhateverTheSetting(PipelineStatus setting) {
		this.queues.add(new LogQueue(this.name, LogQueue.RING_BUFFER, 1024, 0));
		Health health = health(setting);
		assertThat(health.getStatus()).isEqualTo(Status.DOWN);
		assertThat(reasons(health)).singleElement()
			.asString()
			.startsWith("queue '" + this.name + "' has been more than 90.0% full for ");
	}

	@ParameterizedTest
	@EnumSource(PipelineStatus.class)
	void anAppenderThatCouldNotOpenItsFileIsDownWhateverTheSetting(PipelineStatus setting) {
		UnopenedAppenders.replaceAll(Map.of(this.name, new UnopenedAppenders.Unopened(this.name, "file",
				"asynclog.appenders." + this.name + ".file-name", "/ro/app.log", "read-only file system")));
		Health health = health(setting);
		assertThat(health.getStatus()).isEqualTo(Status.DOWN);
		assertThat(reasons(health)).singleElement().asString().contains("could not open /ro/app.log");
	}

	/**
	 * A trouble of the application's own logging outranks delivery troubles, and every
	 * reason is listed.
	 */
	@Test
	void aReasonOfTheApplicationsOwnLoggingMakesItDownWithEveryReasonListed() {
		shippingStalled();
		this.queues.add(new LogQueue(this.name, LogQueue.RING_BUFFER, 1024, 0));
		Health health = health(PipelineStatus.DEGRADED);
		assertThat(health.getStatus()).isEqualTo(Status.DOWN);
		assertThat(reasons(health)).hasSize(2)
			.anySatisfy((reason) -> assertThat(reason).contains("full for"))
			.anySatisfy((reason) -> assertThat(reason).contains("records waiting for kafka"));
	}

	@Test
	void degradedIsACustomStatusWithADescription() {
		assertThat(AsyncLogHealthIndicator.DEGRADED.getCode()).isEqualTo("DEGRADED");
		assertThat(AsyncLogHealthIndicator.DEGRADED.getDescription()).isNotBlank();
		assertThat(AsyncLogHealthIndicator.DEGRADED).isNotIn(Status.UP, Status.DOWN, Status.OUT_OF_SERVICE,
				Status.UNKNOWN);
	}

	/**
	 * What the documentation says of Spring Boot: its HTTP mapping answers DEGRADED with 200
	 * and DOWN with 503; its default order leaves DEGRADED out of the aggregate, which
	 * {@link HealthStatusOrder}'s order ranks between OUT_OF_SERVICE and UP.
	 */
	@Test
	void springBootAnswersDegradedWith200AndRanksItOnlyWithAsynclogsOrder() {
		assertThat(HttpCodeStatusMapper.DEFAULT.getStatusCode(AsyncLogHealthIndicator.DEGRADED)).isEqualTo(200);
		assertThat(HttpCodeStatusMapper.DEFAULT.getStatusCode(Status.DOWN)).isEqualTo(503);
		Set<Status> upAndDegraded = Set.of(Status.UP, AsyncLogHealthIndicator.DEGRADED);
		assertThat(StatusAggregator.getDefault().getAggregateStatus(upAndDegraded))
			.as("Spring Boot's default order hides DEGRADED under UP")
			.isEqualTo(Status.UP);
		StatusAggregator asynclogOrder = StatusAggregator.of(HealthStatusOrder.DEFAULT_ORDER.split(","));
		assertThat(asynclogOrder.getAggregateStatus(upAndDegraded)).isEqualTo(AsyncLogHealthIndicator.DEGRADED);
		assertThat(asynclogOrder.getAggregateStatus(Set.of(Status.DOWN, AsyncLogHealthIndicator.DEGRADED)))
			.isEqualTo(Status.DOWN);
		assertThat(asynclogOrder.getAggregateStatus(Set.of(Status.OUT_OF_SERVICE, AsyncLogHealthIndicator.DEGRADED)))
			.isEqualTo(Status.OUT_OF_SERVICE);
	}

	private void shippingStalled() {
		this.appenders.add(new LogAppender(this.name, "AsyncLogKafka", null, null, true, 0, new Shipping("kafka",
				"logs", 1200, 0, 0, 1200, Duration.ofSeconds(12), null, null, null)));
	}

	private static Status pipelineStatus(PipelineStatus setting) {
		return (setting == PipelineStatus.DOWN) ? Status.DOWN : AsyncLogHealthIndicator.DEGRADED;
	}

	private Health health(PipelineStatus setting) {
		AsyncLogProperties.Health thresholds = new AsyncLogProperties().getHealth();
		thresholds.setPipelineStatus(setting);
		return health(thresholds);
	}

	private Health health(AsyncLogProperties.Health thresholds) {
		// A queue above the threshold counts at once, once the monitor has sampled it.
		thresholds.setFillDuration(Duration.ZERO);
		if (this.monitor == null) {
			this.monitor = QueueMonitor.start(() -> this.queues, Duration.ofMinutes(1), thresholds.getFillThreshold());
			// The monitor samples on a thread of its own, the first time at once.
			Awaitility.await("the monitor's first sample")
				.atMost(Duration.ofSeconds(5))
				.until(() -> this.monitor.queues().stream().allMatch((status) -> status.peak() == status.queue().used()));
		}
		return new AsyncLogHealthIndicator(this.monitor, new StandIns(), thresholds).health(true);
	}

	@SuppressWarnings("unchecked")
	private static List<String> reasons(Health health) {
		return (List<String>) health.getDetails().get("reasons");
	}

	/**
	 * The test's queues and appenders, as a backend would read them.
	 */
	private final class StandIns implements LoggingBackend {

		@Override
		public String name() {
			return "stand-in";
		}

		@Override
		public List<LogQueue> queues() {
			return AsyncLogHealthIndicatorTests.this.queues;
		}

		@Override
		public List<LogAppender> appenders() {
			return AsyncLogHealthIndicatorTests.this.appenders;
		}

		@Override
		public AsyncLogProperties.Mode runningMode() {
			return AsyncLogProperties.Mode.ASYNC_LOGGER;
		}

		@Override
		public StartupLines describe() {
			return new StartupLines(List.of(), List.of());
		}

	}

}
