package io.asynclog.loadtests.http;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;

import static io.gatling.javaapi.core.CoreDsl.constantConcurrentUsers;
import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

/**
 * {@code GET /log} against the demo app, the request of the published 400-user study. Every
 * parameter comes from a system property:
 * <ul>
 * <li>{@code baseUrl}: {@code http://127.0.0.1:<port>} (required; nothing else is accepted);</li>
 * <li>{@code model}: {@code closed} (default): {@code constantConcurrentUsers(users)} during
 * {@code gatlingWarmup + duration}, each user sending {@code GET /log} back to back on its own
 * keep-alive connection from the common start to the common end ({@code duration} apart); or
 * {@code open}: {@code constantUsersPerSec(rate)} during {@code duration}, one request per user,
 * over a shared connection pool;</li>
 * <li>{@code users} (closed, default 400, 1..5000), {@code rate} (open, users per second,
 * 1..50000), {@code duration} (seconds, default 20, 1..900);</li>
 * <li>{@code lines} (default 1, 1..100): lines each request logs ({@code GET /log?lines=N});</li>
 * <li>{@code requestTimeoutMs} (default 15000): a request with no answer by then is KO;</li>
 * <li>{@code gatlingWarmup} (seconds, default 2, 0..60): before the measured load, Gatling warms
 * itself up and opens its connections with silent requests (left out of every statistic) to
 * {@code GET /log/count}, which neither logs nor changes the count. Closed model: every user
 * does so, then all start {@code GET /log} together; open model: 50 users on the shared pool, then
 * the open injection starts;</li>
 * <li>{@code startSignal} (optional): a file path; the simulation waits (in {@link #before()}, at
 * most {@code startSignalTimeout} seconds, default 180) until that file exists. The comparison
 * runner uses it to start Gatling's JVM while the app warms up, and to release the
 * load only once the app is ready.</li>
 * </ul>
 * The run is capped at {@code gatlingWarmup + duration + 60 s} whatever happens.
 *
 * <p>Run through {@code scripts/http-comparison.sh} (the runner forks Gatling), or by hand
 * against a running app, after {@code ./mvnw -q -pl load-tests/http -am package -DskipTests}, with
 * {@code java --add-opens=java.base/java.lang=ALL-UNNAMED -cp
 * "load-tests/http/target/test-classes:load-tests/http/target/classes:$(cat load-tests/http/target/classpath-test.txt)"
 * -DbaseUrl=http://127.0.0.1:8080 -Dusers=50 -Dduration=10 io.gatling.app.Gatling --simulation
 * io.asynclog.loadtests.http.LogSimulation} (docs/load-tests.md has the whole command).
 *
 * @author asynclog
 */
public class LogSimulation extends Simulation {

	/** Users of the open model's warm-up: connections in the shared pool when the load starts. */
	private static final int OPEN_WARMUP_USERS = 50;

	private static final Pattern LOCAL_URL = Pattern.compile("http://127\\.0\\.0\\.1:\\d{1,5}");

	private final String baseUrl = baseUrl();

	private final String model = System.getProperty("model", "closed");

	private final int duration = intProperty("duration", 20, 1, 900);

	private final int requestTimeoutMs = intProperty("requestTimeoutMs", 15_000, 100, 120_000);

	private final String startSignal = System.getProperty("startSignal", "");

	private final int startSignalTimeout = intProperty("startSignalTimeout", 180, 1, 600);

	private final int gatlingWarmup = intProperty("gatlingWarmup", 2, 0, 60);

	/**
	 * When the measured load starts (epoch ms): the first user to run sets it to its start plus
	 * {@code gatlingWarmup}. Users stop at this plus {@code duration}, an absolute end, so that no
	 * user ends before the closed injection does (which would inject replacement users).
	 */
	private final AtomicLong loadStartMillis = new AtomicLong(Long.MAX_VALUE);

	{
		HttpProtocolBuilder protocol = http.baseUrl(this.baseUrl)
			.disableWarmUp()
			.acceptHeader("text/plain")
			.userAgentHeader("asynclog-load-tests/gatling");
		int lines = intProperty("lines", 1, 1, 100);
		HttpRequestActionBuilder get = http("GET /log").get((lines == 1) ? "/log" : "/log?lines=" + lines)
			.requestTimeout(Duration.ofMillis(this.requestTimeoutMs))
			.check(status().is(200));
		// Gatling's own warm-up: silent requests (left out of every statistic) to an endpoint that
		// neither logs nor counts, until the measured load starts.
		HttpRequestActionBuilder warm = http("warm-up GET /log/count").get("/log/count")
			.requestTimeout(Duration.ofMillis(this.requestTimeoutMs))
			.silent();
		Duration measured = Duration.ofSeconds(this.duration);
		PopulationBuilder population;
		if ("closed".equals(this.model)) {
			int users = intProperty("users", 400, 1, 5000);
			// Each user opens its connection and warms up, waits for the common start, then sends
			// GET /log back to back for the measured duration.
			ScenarioBuilder loop = scenario("closed: " + users + " users, GET /log back to back")
				.exec(this::fixLoadStart)
				.asLongAs((session) -> System.currentTimeMillis() < this.loadStartMillis.get())
				.on(exec(warm))
				.pause((session) -> untilLoadStart())
				.asLongAs((session) -> System.currentTimeMillis() < this.loadStartMillis.get() + measured.toMillis())
				.on(exec(get));
			population = loop
				.injectClosed(constantConcurrentUsers(users).during(measured.plusSeconds(this.gatlingWarmup)));
		}
		else if ("open".equals(this.model)) {
			int rate = intProperty("rate", 0, 1, 50_000);
			protocol = protocol.shareConnections();
			ScenarioBuilder once = scenario("open: " + rate + " users/s, one GET /log each").exec(get);
			population = once.injectOpen(constantUsersPerSec(rate).during(measured));
			if (this.gatlingWarmup > 0) {
				// Fills the shared connection pool and warms Gatling up, so that the open load does
				// not start with a storm of connection attempts from a cold engine.
				ScenarioBuilder warmUp = scenario("open warm-up: " + OPEN_WARMUP_USERS + " users")
					.exec(this::fixLoadStart)
					.asLongAs((session) -> System.currentTimeMillis() < this.loadStartMillis.get())
					.on(exec(warm));
				Duration warmUpTime = Duration.ofSeconds(this.gatlingWarmup);
				population = warmUp.injectClosed(constantConcurrentUsers(OPEN_WARMUP_USERS).during(warmUpTime))
					.andThen(population);
			}
		}
		else {
			throw new IllegalArgumentException("model must be closed or open, not " + this.model);
		}
		setUp(population).protocols(protocol)
			.maxDuration(measured.plusSeconds(this.gatlingWarmup + 60L));
	}

	private Session fixLoadStart(Session session) {
		this.loadStartMillis.compareAndSet(Long.MAX_VALUE, System.currentTimeMillis() + this.gatlingWarmup * 1000L);
		return session;
	}

	private Duration untilLoadStart() {
		return Duration.ofMillis(Math.max(0, this.loadStartMillis.get() - System.currentTimeMillis()));
	}

	@Override
	public void before() {
		if (this.startSignal.isBlank()) {
			return;
		}
		Path signal = Path.of(this.startSignal);
		System.out.println("Waiting for the start signal " + signal);
		long deadline = System.nanoTime() + this.startSignalTimeout * 1_000_000_000L;
		while (!Files.exists(signal)) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("no start signal " + signal + " within " + this.startSignalTimeout + " s");
			}
			try {
				Thread.sleep(10);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("interrupted while waiting for the start signal", ex);
			}
		}
	}

	private static String baseUrl() {
		String url = System.getProperty("baseUrl", "");
		if (url.endsWith("/")) {
			url = url.substring(0, url.length() - 1);
		}
		if (!LOCAL_URL.matcher(url).matches()) {
			throw new IllegalArgumentException("baseUrl must be http://127.0.0.1:<port>, not '" + url + "'");
		}
		return url;
	}

	private static int intProperty(String name, int defaultValue, int min, int max) {
		String text = System.getProperty(name);
		int value;
		try {
			value = (text == null || text.isBlank()) ? defaultValue : Integer.parseInt(text.trim());
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(name + " must be a whole number, not '" + text + "'");
		}
		if (value < min || value > max) {
			throw new IllegalArgumentException(name + " must be in " + min + ".." + max + ", not " + value);
		}
		return value;
	}

}
