package io.asynclog;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.filter.AbstractFilter;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.asynclog.log4j2.queue.LogQueues;

/**
 * The application that tests start in a JVM of its own, for what only a real process
 * shows: SIGTERM, the JVM's exit and virtual threads on a newer JDK. The first argument
 * picks the scenario, the rest are {@code key=value} properties. It prints one line that
 * starts with {@value #READY} when the scenario's logging is done.
 */
public final class SeparateJvmApp {

	/**
	 * What the application prints, followed by a count, once it has logged everything.
	 */
	public static final String READY = "LOGGED ";

	/**
	 * What the burst scenario prints, followed by the events its ring held, just before
	 * {@link #READY}.
	 */
	public static final String QUEUED = "QUEUED ";

	private SeparateJvmApp() {
	}

	public static void main(String[] args) throws Exception {
		String[] properties = Arrays.copyOfRange(args, 1, args.length);
		switch (args[0]) {
			case "burst" -> burst(properties);
			case "fail-on-start" -> TestApplications.run(FailingConfig.class, properties);
			case "virtual-threads" -> virtualThreads(properties);
			default -> throw new IllegalArgumentException("unknown scenario " + args[0]);
		}
	}

	/**
	 * Logs {@code lines} numbered lines from the main thread behind a background thread
	 * slowed to about {@code background-per-ms} events per millisecond, then waits for
	 * SIGTERM.
	 */
	private static void burst(String[] properties) throws InterruptedException {
		ConfigurableApplicationContext context = TestApplications.run(properties);
		int lines = context.getEnvironment().getRequiredProperty("lines", Integer.class);
		int perMillisecond = context.getEnvironment().getRequiredProperty("background-per-ms", Integer.class);
		slowDownBackgroundThread(TestApplications.loggerContext(), perMillisecond);
		Log log = LogFactory.getLog("test");
		for (int i = 0; i < lines; i++) {
			log.info("line " + i);
		}
		System.out.println(QUEUED + LogQueues.of(TestApplications.loggerContext()).get(0).used());
		System.out.println(READY + lines);
		Thread.currentThread().join();
	}

	/**
	 * Logs from {@code threads} virtual threads at once, {@code calls} lines each, and exits
	 * with status 2 and the threads' stacks if they have not finished within a minute.
	 */
	private static void virtualThreads(String[] properties) throws Exception {
		try (ConfigurableApplicationContext context = TestApplications.run(properties)) {
			int threads = context.getEnvironment().getRequiredProperty("threads", Integer.class);
			int calls = context.getEnvironment().getRequiredProperty("calls", Integer.class);
			Log log = LogFactory.getLog("test");
			// Java 17 is the baseline: the JDK 21 method is looked up, not compiled against.
			ExecutorService executor = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor")
				.invoke(null);
			for (int t = 0; t < threads; t++) {
				int thread = t;
				executor.execute(() -> {
					for (int i = 0; i < calls; i++) {
						log.info("call " + thread + " " + i);
					}
				});
			}
			executor.shutdown();
			if (!executor.awaitTermination(1, TimeUnit.MINUTES)) {
				Thread.getAllStackTraces().forEach((thread, stack) -> System.out.println(thread + " "
						+ Arrays.toString(stack)));
				System.exit(2);
			}
			TestApplications.awaitQueuesEmpty(TestApplications.loggerContext());
			System.out.println(READY + (long) threads * calls);
		}
	}

	/**
	 * Puts a filter on the root logger's reference to the 'main' appender that parks the
	 * async logger's background thread for a millisecond every {@code perMillisecond}
	 * events, standing in for a slow disk without slowing the logging threads.
	 */
	private static void slowDownBackgroundThread(LoggerContext context, int perMillisecond) {
		LoggerConfig root = context.getConfiguration().getRootLogger();
		Appender main = root.getAppenders().get("main");
		root.removeAppender("main");
		root.addAppender(main, null, new AbstractFilter() {

			private long events;

			@Override
			public Result filter(LogEvent event) {
				if (Thread.currentThread().getName().startsWith("Log4j2-") && ++this.events % perMillisecond == 0) {
					LockSupport.parkNanos(Duration.ofMillis(1).toNanos());
				}
				return Result.NEUTRAL;
			}

		});
		context.updateLoggers();
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class FailingConfig {

		@Bean
		String failsAtStart() {
			throw new IllegalStateException("this bean fails on purpose");
		}

	}

}
