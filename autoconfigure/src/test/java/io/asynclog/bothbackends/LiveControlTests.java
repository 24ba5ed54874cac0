package io.asynclog.bothbackends;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.logging.LogLevel;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.autoconfigure.health.AsyncLogHealthIndicator;
import io.asynclog.core.config.LiveQueueFullSettings;
import io.asynclog.core.count.AppenderDrops;
import io.asynclog.core.lane.Lane;
import io.asynclog.core.queue.LogQueue;
import io.asynclog.fixtures.LoopbackOtlp;

import static io.asynclog.bothbackends.RemoteShipping.PATIENCE;
import static io.asynclog.bothbackends.RemoteShipping.shipped;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The write operations of the {@code asynclog} endpoint, on both backends, in one web
 * application on 127.0.0.1 (async-logger mode, a ring of 128 in front of the recording
 * appender, a file appender and otlp appenders to loopback OTLP receivers), over real HTTP as
 * an operator uses them: changes are shown, logged and checked as at start-up; a remote appender
 * paused keeps its records in its spool and sends them all, once and in order, when resumed;
 * a flush drains the ring and the files. How a changed policy acts under load is
 * {@link LivePolicyChangeTests}'.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LiveControlTests {

	private static final BackendUnderTest BACKEND = BackendUnderTest.running();

	private static final String SHIP = "ship";

	/** A remote appender without a spool, and a lane of {@value #HOLD_LANE} records. */
	private static final String HOLD = "hold";

	private static final int HOLD_LANE = 50;

	private static final HttpClient HTTP = HttpClient.newHttpClient();

	private static LoopbackOtlp receiver;

	private static LoopbackOtlp holdReceiver;

	private static Path dir;

	private static ConfigurableApplicationContext context;

	private static Recorder recorder;

	@BeforeAll
	static void start() throws IOException {
		dir = Files.createTempDirectory("live-control");
		receiver = LoopbackOtlp.http();
		holdReceiver = LoopbackOtlp.http();
		Recorder.fresh(Recorder.RECORDING);
		String ship = "asynclog.appenders." + SHIP + ".";
		String hold = "asynclog.appenders." + HOLD + ".";
		context = Apps.runWeb(BACKEND.recordingConfig(), "asynclog.mode=async-logger", "asynclog.ring-buffer-size=128",
				"asynclog.queue-full-policy=block", "asynclog.discard-threshold=info", "asynclog.shutdown-timeout=5s",
				ship + "type=otlp", ship + "endpoint=" + receiver.endpoint(),
				ship + "spool.directory=" + dir.resolve("spool"),
				"asynclog.loggers.shipping.appenders=" + SHIP, "asynclog.loggers.shipping.additivity=false",
				hold + "type=otlp", hold + "endpoint=" + holdReceiver.endpoint(),
				hold + "spool.enabled=false", hold + "lane.capacity=" + HOLD_LANE,
				"asynclog.loggers.holding.appenders=" + HOLD, "asynclog.loggers.holding.additivity=false",
				"asynclog.appenders.disk.type=file", "asynclog.appenders.disk.file-name=" + dir.resolve("disk.log"),
				"asynclog.appenders.disk.pattern=%m%n", "asynclog.loggers.disk.appenders=disk",
				"asynclog.loggers.disk.additivity=false", "asynclog.health.shipping-stall=1s",
				"management.endpoints.web.exposure.include=asynclog", "management.endpoint.asynclog.access=unrestricted");
		recorder = Recorder.named(Recorder.RECORDING);
		recorder.countStartingWith("call ");
		recorder.keepStartingWith("asynclog: ");
	}

	@AfterAll
	static void stop() {
		if (context != null) {
			context.close();
		}
		if (receiver != null) {
			receiver.close();
		}
		if (holdReceiver != null) {
			holdReceiver.close();
		}
	}

	@AfterEach
	void configuredValuesAgain() {
		recorder.slowTo(0);
		LiveQueueFullSettings.reset();
		for (String appender : List.of(SHIP, HOLD)) {
			Lane lane = RemoteShipping.lane(appender);
			if (lane != null) {
				lane.resume();
			}
		}
	}

	/**
	 * What an operator sees over HTTP: a change answered with the old, new and configured
	 * value, shown in the read view, logged on {@code io.asynclog.control} with the old and the
	 * new value; a bad value refused with 400 and start-up's wording, nothing changed.
	 */
	@Test
	void changesOverHttpAreShownLoggedAndCheckedAsAtStartUp() throws Exception {
		HttpResponse<String> changed = post("queue-full-policy", "{\"value\":\"discard\"}");
		assertThat(changed.statusCode()).isEqualTo(200);
		assertThat(changed.body()).contains("\"previous\":\"block\"", "\"value\":\"discard\"",
				"\"configured\":\"block\"");
		assertThat(post("discard-threshold", "{\"value\":\"WARN\"}").statusCode()).isEqualTo(200);

		String view = get().body();
		assertThat(view).contains("\"queueFullPolicy\":\"discard\"", "\"discardThreshold\":\"warn\"");
		assertThat(view).contains("\"changedAtRunTime\":{\"settings\":{\"queue-full-policy\":");
		assertThat(view).contains("\"discard-threshold\":{\"setting\":\"discard-threshold\"");
		await("the changes logged").atMost(Duration.ofSeconds(10))
			.until(() -> recorder.kept()
				.stream()
				.filter((message) -> message.contains("changed at run time"))
				.count() >= 2);
		assertThat(recorder.kept()).anySatisfy((message) -> assertThat(message)
			.startsWith("asynclog: queue-full-policy changed at run time from 'block' to 'discard' (configured: 'block'"));
		assertThat(recorder.kept()).anySatisfy((message) -> assertThat(message)
			.startsWith("asynclog: discard-threshold changed at run time from 'info' to 'warn' (configured: 'info'"));

		HttpResponse<String> bad = post("queue-full-policy", "{\"value\":\"sometimes\"}");
		assertThat(bad.statusCode()).isEqualTo(400);
		assertThat(bad.body()).contains("Invalid value 'sometimes' for property 'asynclog.queue-full-policy'",
				"accepts one of block, discard");
		HttpResponse<String> badLevel = post("discard-threshold", "{\"value\":\"loud\"}");
		assertThat(badLevel.statusCode()).isEqualTo(400);
		assertThat(badLevel.body()).contains("Invalid value 'loud' for property 'asynclog.discard-threshold'",
				"accepts one of trace, debug, info, warn, error, fatal, off");
		HttpResponse<String> unknown = post("ring-buffer-size", "{\"value\":\"1024\"}");
		assertThat(unknown.statusCode()).isEqualTo(400);
		assertThat(unknown.body()).contains("Unknown setting 'ring-buffer-size'");
		assertThat(LiveQueueFullSettings.live()).as("nothing changed by the refused requests")
			.isEqualTo(new LiveQueueFullSettings.Values(
					io.asynclog.core.config.AsyncLogProperties.QueueFullPolicy.DISCARD, LogLevel.WARN));

		assertThat(post("queue-full-policy", "{\"value\":\"block\"}").statusCode()).isEqualTo(200);
		assertThat(post("discard-threshold", "{\"value\":\"info\"}").statusCode()).isEqualTo(200);
		assertThat(get().body()).contains("\"queueFullPolicy\":\"block\"", "\"discardThreshold\":\"info\"",
				"\"changedAtRunTime\":{\"settings\":{},\"pausedAppenders\":[]}");
		assertThat(LiveQueueFullSettings.live()).as("back to the configured values").isNull();
	}

	/**
	 * While paused, what the otlp appender is given goes to its spool and nothing is sent;
	 * resumed, the spool is sent first: every record arrives once, in order. Pausing an
	 * appender that does not exist or writes locally is refused with 400.
	 */
	@Test
	void aPausedRemoteAppenderKeepsItsRecordsInItsSpoolAndResumedSendsThemOnceInOrder() throws Exception {
		MeterRegistry registry = context.getBean(MeterRegistry.class);
		Log log = LogFactory.getLog("shipping.live");
		log.info("before the pause");
		await("the first record acknowledged").atMost(PATIENCE)
			.until(() -> shipped(registry, "acknowledged", SHIP) == 1);

		HttpResponse<String> paused = post("appenders/" + SHIP, "{\"shipping\":\"paused\"}");
		assertThat(paused.statusCode()).isEqualTo(200);
		assertThat(paused.body()).contains("\"previous\":\"running\"", "\"shipping\":\"paused\"");
		assertThat(get().body()).contains("\"pausedAppenders\":[\"" + SHIP + "\"]");
		int lines = 200;
		for (int i = 0; i < lines; i++) {
			log.info("paused " + i);
		}
		Lane lane = RemoteShipping.lane(SHIP);
		await("every record in the spool").atMost(PATIENCE).until(() -> lane.spoolReading().records() == lines);
		assertThat(shipped(registry, "sent", SHIP)).as("records sent while paused").isEqualTo(1);
		AsyncLogHealthIndicator health = context.getBean(AsyncLogHealthIndicator.class);
		await("the health saying why records wait").atMost(PATIENCE)
			.until(() -> String.valueOf(health.health(true).getDetails().get("reasons"))
				.contains("appender 'ship' has " + lines + " records waiting for otlp")
					&& String.valueOf(health.health(true).getDetails().get("reasons"))
						.contains("its shipping is paused (asynclog endpoint)"));

		HttpResponse<String> resumed = post("appenders/" + SHIP, "{\"shipping\":\"running\"}");
		assertThat(resumed.statusCode()).isEqualTo(200);
		assertThat(resumed.body()).contains("\"previous\":\"paused\"", "\"shipping\":\"running\"");
		List<String> expected = new ArrayList<>(List.of("before the pause"));
		for (int i = 0; i < lines; i++) {
			expected.add("paused " + i);
		}
		await("every record received").atMost(PATIENCE).until(() -> receiver.count() >= lines + 1);
		assertThat(receiver.records()).extracting(LoopbackOtlp.Received::body).containsExactlyElementsOf(expected);
		await("the spool emptied").atMost(PATIENCE).until(() -> lane.spoolReading().records() == 0);
		assertThat(recorder.kept()).anySatisfy((message) -> assertThat(message)
			.startsWith("asynclog: shipping of appender 'ship' changed at run time from 'running' to 'paused'"));
		assertThat(recorder.kept()).anySatisfy((message) -> assertThat(message)
			.startsWith("asynclog: shipping of appender 'ship' changed at run time from 'paused' to 'running'"));

		HttpResponse<String> unknown = post("appenders/nowhere", "{\"shipping\":\"paused\"}");
		assertThat(unknown.statusCode()).isEqualTo(400);
		assertThat(unknown.body()).contains("No appender named 'nowhere'", "ship");
		HttpResponse<String> local = post("appenders/disk", "{\"shipping\":\"paused\"}");
		assertThat(local.statusCode()).isEqualTo(400);
		assertThat(local.body()).contains("Appender 'disk'", "writes locally");
		HttpResponse<String> badValue = post("appenders/" + SHIP, "{\"shipping\":\"later\"}");
		assertThat(badValue.statusCode()).isEqualTo(400);
		assertThat(badValue.body()).contains("Invalid value 'later' for 'shipping'", "paused, running");
		assertThat(lane.isPaused()).isFalse();
	}

	/**
	 * Without a spool, a paused appender's records wait in its lane, and those that find it
	 * full are dropped and counted ({@code lane-full}) as when the destination is away; resumed, the
	 * lane's records arrive once, in order.
	 */
	@Test
	void aPausedRemoteAppenderWithoutASpoolKeepsItsLaneAndDropsWhatFindsItFull() throws Exception {
		MeterRegistry registry = context.getBean(MeterRegistry.class);
		Log log = LogFactory.getLog("holding.live");
		log.info("before the pause");
		await("the first record acknowledged").atMost(PATIENCE)
			.until(() -> shipped(registry, "acknowledged", HOLD) == 1);
		long laneFullBefore = AppenderDrops.count(HOLD, AppenderDrops.Reason.LANE_FULL);

		assertThat(post("appenders/" + HOLD, "{\"shipping\":\"paused\"}").statusCode()).isEqualTo(200);
		int lines = HOLD_LANE + 30;
		for (int i = 0; i < lines; i++) {
			log.info("held " + i);
		}
		Apps.awaitQueuesEmpty();
		Lane lane = RemoteShipping.lane(HOLD);
		await("the lane full").atMost(PATIENCE).until(() -> lane.laneReading().records() == HOLD_LANE);
		assertThat(AppenderDrops.count(HOLD, AppenderDrops.Reason.LANE_FULL) - laneFullBefore)
			.as("records that found the lane full").isEqualTo(lines - HOLD_LANE);
		assertThat(shipped(registry, "sent", HOLD)).as("records sent while paused").isEqualTo(1);

		assertThat(post("appenders/" + HOLD, "{\"shipping\":\"running\"}").statusCode()).isEqualTo(200);
		List<String> expected = new ArrayList<>(List.of("before the pause"));
		for (int i = 0; i < HOLD_LANE; i++) {
			expected.add("held " + i);
		}
		await("every record received").atMost(PATIENCE).until(() -> holdReceiver.count() >= HOLD_LANE + 1);
		assertThat(holdReceiver.records()).extracting(LoopbackOtlp.Received::body)
			.containsExactlyElementsOf(expected);
	}

	/**
	 * A flush answers once the ring has handed every event to its appenders, the file's lines
	 * written, and says what a remote appender still has to send.
	 */
	@Test
	void aFlushDrainsTheRingAndTheFilesAndTellsWhatWaitsToShip() throws Exception {
		Apps.awaitQueuesEmpty();
		long before = recorder.countStartingWith(LogLevel.INFO);
		Log root = LogFactory.getLog("flushed");
		Log disk = LogFactory.getLog("disk");
		recorder.slowTo(1);
		int lines = 300;
		for (int i = 0; i < lines; i++) {
			root.info("call flush " + i);
			disk.info("disk " + i);
		}
		assertThat(Apps.queue(LogQueue.ASYNC_LOGGER).used()).as("events still queued before the flush").isPositive();

		HttpResponse<String> flushed = post("flush", "{}");

		assertThat(flushed.statusCode()).isEqualTo(200);
		assertThat(recorder.countStartingWith(LogLevel.INFO) - before).as("written when the flush answered")
			.isEqualTo(lines);
		assertThat(Apps.lines(dir.resolve("disk.log"))).as("the file's lines when the flush answered")
			.filteredOn((line) -> line.startsWith("disk "))
			.hasSize(lines);
		assertThat(flushed.body()).contains("\"drained\":true", "\"stillQueued\":0", "\"disk\"",
				"\"waitingToShip\":{", "\"" + SHIP + "\":", "\"" + HOLD + "\":");
		assertThat(flushed.body()).as("remote appenders buffer nothing to flush").doesNotContain("\"ship\",", "\"ship\"]");
		// The flush's own line goes through the ring like any other: it may still be on its way.
		await("the flush logged").atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(recorder.kept()).anySatisfy((message) -> assertThat(message)
				.startsWith("asynclog: flushed on request in ")));
		assertThat(post("flush", "{\"value\":\"now\"}").statusCode()).as("flush with a value").isEqualTo(400);
	}

	private static HttpResponse<String> get() throws IOException, InterruptedException {
		return get(context);
	}

	/**
	 * Reads the endpoint as curl would.
	 * @param application the web application
	 * @return the response
	 */
	static HttpResponse<String> get(ConfigurableApplicationContext application)
			throws IOException, InterruptedException {
		return HTTP.send(HttpRequest.newBuilder(endpoint(application, "")).GET().build(),
				HttpResponse.BodyHandlers.ofString());
	}

	static HttpResponse<String> post(String path, String json) throws IOException, InterruptedException {
		return post(context, path, json);
	}

	/**
	 * Posts to the endpoint as curl would.
	 * @param application the web application
	 * @param path the path under {@code /actuator/asynclog/}
	 * @param json the body, or {@code null} for none
	 * @return the response
	 */
	static HttpResponse<String> post(ConfigurableApplicationContext application, String path, String json)
			throws IOException, InterruptedException {
		HttpRequest.Builder request = HttpRequest.newBuilder(endpoint(application, "/" + path));
		if (json != null) {
			request.header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json));
		}
		else {
			request.POST(HttpRequest.BodyPublishers.noBody());
		}
		return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	private static URI endpoint(ConfigurableApplicationContext application, String path) {
		return URI.create("http://127.0.0.1:" + Apps.port(application) + "/actuator/asynclog" + path);
	}

}
