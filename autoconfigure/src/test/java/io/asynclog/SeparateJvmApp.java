package io.asynclog;

import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The application that tests start in a JVM of its own, for what only a real process
 * shows: virtual threads on a newer JDK. The first argument picks the scenario, the rest
 * are {@code key=value} properties. It prints one line that starts with {@value #READY}
 * when the scenario's logging is done.
 */
public final class SeparateJvmApp {

	/**
	 * What the application prints, followed by a count, once it has logged everything.
	 */
	public static final String READY = "LOGGED ";

	private SeparateJvmApp() {
	}

	public static void main(String[] args) throws Exception {
		String[] properties = Arrays.copyOfRange(args, 1, args.length);
		switch (args[0]) {
			case "virtual-threads" -> virtualThreads(properties);
			default -> throw new IllegalArgumentException("unknown scenario " + args[0]);
		}
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

}
