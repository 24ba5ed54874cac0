package io.asynclog.it;

import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.core.backend.LoggingBackends;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Five restarts of an application in one JVM, as Spring Boot DevTools makes them: each in a
 * new {@link RestartClassLoader} over the application's classes, on a thread of its own with
 * that loader as its context class loader, the previous context closed first and logging
 * configured again by the new one. asynclog's jar stays in the base loader, as the jar of any
 * dependency does under DevTools, so its static state and the backend's logging context live
 * across restarts. Every start must be a plain one, asynclog's threads must stay the same, and
 * every restart's line must reach the log file, in order.
 *
 * @author asynclog
 */
public final class RestartCheck {

	private static final int RESTARTS = 5;

	private RestartCheck() {
	}

	public static void assertFiveRestarts(AppUnderTest app, Path log) throws Exception {
		Class<?> main = app.application();
		URL applicationClasses = main.getProtectionDomain().getCodeSource().getLocation();
		assertThat(LoggingBackends.class.getProtectionDomain().getCodeSource().getLocation())
			.as("asynclog comes from the base loader's class path, not from the restarted classes")
			.isNotEqualTo(applicationClasses);
		List<List<String>> threadsPerRestart = new ArrayList<>();
		for (int restart = 1; restart <= RESTARTS; restart++) {
			// The base loader is the one the test loaded the application from: the JVM's, whose
			// class path holds the libraries (and the application's classes, as under DevTools).
			try (RestartClassLoader loader = new RestartClassLoader(new URL[] { applicationClasses },
					main.getClassLoader())) {
				Class<?> application = loader.loadClass(main.getName());
				assertThat(application.getClassLoader()).isSameAs(loader);
				try (ConfigurableApplicationContext context = runOnRestartedMain(loader, application,
						AppUnderTest.webArgs(log))) {
					assertThat(context.getBeanFactory().getBeanClassLoader()).isSameAs(loader);
					app.assertRunsOnItsBackend(context, loader);
					String name = "restart-" + restart;
					app.assertServes(context, name);
					await().atMost(Duration.ofSeconds(20))
						.until(() -> Files.readString(log).contains("greeted " + name + "\n"));
					threadsPerRestart.add(asynclogThreads(app));
				}
			}
		}
		assertThat(threadsPerRestart.get(0)).as("asynclog's threads while the first start runs")
			.anyMatch(app.ringThread());
		assertThat(threadsPerRestart).as("asynclog's threads while each restart runs")
			.allSatisfy((threads) -> assertThat(threads).isEqualTo(threadsPerRestart.get(0)));
		List<String> greetings = Files.readAllLines(log).stream().filter((line) -> line.contains("greeted ")).toList();
		assertThat(greetings).hasSize(RESTARTS);
		for (int restart = 1; restart <= RESTARTS; restart++) {
			assertThat(greetings.get(restart - 1)).endsWith("greeted restart-" + restart);
		}
	}

	/**
	 * Runs the application as DevTools' Restarter relaunches it: on a new thread whose context
	 * class loader is the restart loader.
	 */
	private static ConfigurableApplicationContext runOnRestartedMain(ClassLoader loader, Class<?> application,
			String... args) throws Exception {
		CompletableFuture<ConfigurableApplicationContext> started = CompletableFuture
			.supplyAsync(() -> SpringApplication.run(application, args), (task) -> {
				Thread restartedMain = new Thread(task, "restartedMain");
				restartedMain.setContextClassLoader(loader);
				restartedMain.start();
			});
		return started.get(60, TimeUnit.SECONDS);
	}

	/**
	 * Returns asynclog's threads, its rings' and the queue monitor's, and the ring's thread where
	 * the backend names it (Log4j2's async-logger ring is not named after asynclog).
	 */
	private static List<String> asynclogThreads(AppUnderTest app) {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.map(Thread::getName)
			.filter((name) -> name.startsWith("asynclog") || app.ringThread().test(name))
			// Log4j2 numbers each new ring's thread: the kinds of thread count, not the numbers.
			.map((name) -> name.replaceAll("-\\d+", "-#"))
			.sorted()
			.toList();
	}

}
