package io.asynclog.loadtests.http;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The demo app must not outlive a runner killed with SIGKILL (a surefire timeout, an operator):
 * no shutdown hook of the runner runs then, so only the app itself can notice. A small JVM of
 * its own ({@link Launcher}) starts the demo app through {@link AppProcess}, as the comparison
 * and the SIGTERM test do, and waits; the test kills that JVM with SIGKILL and expects the app
 * to have exited within {@link #EXIT_BOUND}, saying why ({@code demo.parent-pid}).
 *
 * @author asynclog
 */
class KilledRunnerTest {

	/** Half a second of polling, then the app's ordinary shutdown, idle: far less than this. */
	private static final Duration EXIT_BOUND = Duration.ofSeconds(45);

	private static final Duration LAUNCH_TIMEOUT = Duration.ofSeconds(90);

	private static final Pattern STARTED = Pattern.compile("^app (\\d+) (http://127\\.0\\.0\\.1:\\d+)$",
			Pattern.MULTILINE);

	@Test
	@Timeout(170)
	void theAppExitsOnceItsRunnerIsKilled() throws Exception {
		Path out = Path.of("target", "killed-runner").toAbsolutePath();
		SingleRun.deleteTree(out);
		Files.createDirectories(out);
		Path launcherOutput = out.resolve("launcher.log");
		Process launcher = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-Xmx64m", "-cp", System.getProperty("java.class.path"), Launcher.class.getName(),
				HttpComparisonSmokeTest.demoJar().toString(), out.toString())
			.redirectErrorStream(true)
			.redirectOutput(launcherOutput.toFile())
			.start();
		Optional<ProcessHandle> app = Optional.empty();
		try {
			Matcher started = awaitStarted(launcher, launcherOutput);
			app = ProcessHandle.of(Long.parseLong(started.group(1)));
			assertTrue(app.isPresent() && app.get().isAlive(), "the app runs before its runner is killed");
			// It serves: the kill below hits a working app, not one that was already leaving.
			HttpResponse<Void> health = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create(started.group(2) + "/actuator/health"))
					.timeout(Duration.ofSeconds(10))
					.build(), HttpResponse.BodyHandlers.discarding());
			assertEquals(200, health.statusCode());

			launcher.destroyForcibly(); // SIGKILL: no shutdown hook, no close()
			assertTrue(launcher.waitFor(10, TimeUnit.SECONDS), "the runner JVM did not die of SIGKILL");
			assertEquals(137, launcher.exitValue(), "the runner died of SIGKILL");

			long killedAt = System.nanoTime();
			ProcessHandle handle = app.get();
			while (handle.isAlive() && System.nanoTime() - killedAt < EXIT_BOUND.toNanos()) {
				Thread.sleep(100);
			}
			long afterMillis = (System.nanoTime() - killedAt) / 1_000_000;
			System.out.println("KilledRunnerTest: the app " + (handle.isAlive() ? "still ran" : "had exited") + " "
					+ afterMillis + " ms after its runner was killed");
			assertFalse(handle.isAlive(), "the app still runs " + EXIT_BOUND.toSeconds() + " s after its runner was"
					+ " killed; see " + out);
			// The comparison's profiles send the app's own lines to its log file, not to stdout.
			Path appLog = out.resolve("logs").resolve("app-1.log");
			String appOutput = Files.readString(appLog, StandardCharsets.ISO_8859_1);
			assertTrue(appOutput.contains("(demo.parent-pid) is gone"),
					"the app left, but not because its runner was gone; see " + appLog);
		}
		finally {
			launcher.destroyForcibly();
			app.ifPresent(ProcessHandle::destroyForcibly);
		}
	}

	private static Matcher awaitStarted(Process launcher, Path output) throws IOException, InterruptedException {
		long deadline = System.nanoTime() + LAUNCH_TIMEOUT.toNanos();
		while (System.nanoTime() < deadline) {
			String text = Files.readString(output, StandardCharsets.UTF_8);
			Matcher matcher = STARTED.matcher(text);
			if (matcher.find()) {
				return matcher;
			}
			if (!launcher.isAlive()) {
				fail("the launcher exited with " + launcher.exitValue() + " before the app was up:\n" + text);
			}
			Thread.sleep(100);
		}
		fail("the app was not up within " + LAUNCH_TIMEOUT.toSeconds() + " s; see " + output);
		return null;
	}

	/**
	 * The runner to kill: starts the demo app as the comparison does, says its pid and URL once it
	 * is healthy, then waits. It stops the app and exits by itself after {@link #IDLE}, so that a
	 * test that failed before killing it leaves nothing behind for long.
	 */
	static final class Launcher {

		static final Duration IDLE = Duration.ofSeconds(120);

		public static void main(String[] args) throws Exception {
			Path jar = Path.of(args[0]);
			Path out = Path.of(args[1]);
			Path logDir = Files.createDirectories(out.resolve("logs"));
			try (AppProcess app = AppProcess.start(Path.of(System.getProperty("java.home"), "bin", "java"), jar,
					RunConfig.parse("async-logger/1/flush/plain"), logDir, List.of(), out.resolve("app-stdout.log"), List.of(),
					List.of())) {
				app.awaitHealthy();
				System.out.println("app " + app.pid() + " " + app.baseUrl());
				System.out.flush();
				Thread.sleep(IDLE.toMillis());
			}
		}

	}

}
