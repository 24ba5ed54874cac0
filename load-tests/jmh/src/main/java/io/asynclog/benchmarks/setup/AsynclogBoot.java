package io.asynclog.benchmarks.setup;

import java.util.ArrayList;
import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

import io.asynclog.core.queue.LogQueue;

/**
 * asynclog's {@code async-logger} mode started the way an application starts it, by a real
 * Spring Boot start-up from {@code asynclog.*} properties: the starter's own configuration code,
 * nothing written by hand. Its ring waits for room when full and drains for up to two minutes on
 * close; Spring Boot's own start-up lines stay out of the sink's count. With meters every
 * auto-configuration runs (Micrometer's simple registry, the queue monitor, delivery lag), without
 * none does.
 */
abstract class AsynclogBoot extends LibrarySetup {

	private final boolean meters;

	final ConfigurableApplicationContext application;

	AsynclogBoot(String name, SetupOptions options, Backend backend, boolean meters, String waitStrategy,
			boolean lagProbe, List<String> more) {
		super(name, options);
		this.meters = meters;
		backend.choose();
		List<String> arguments = new ArrayList<>(List.of("--asynclog.mode=async-logger",
				"--asynclog.ring-buffer-size=" + options.bufferSize(), "--asynclog.wait-strategy=" + waitStrategy,
				"--asynclog.include-location=" + options.includeLocation(), "--asynclog.queue-full-policy=block",
				"--asynclog.shutdown-timeout=120s", "--asynclog.metrics.delivery-lag=" + lagProbe,
				"--logging.level.root=info", "--logging.level.org.springframework=warn",
				"--logging.level.io.asynclog.autoconfigure=warn"));
		arguments.addAll(more);
		Log4jSetup.applyXmlProperties(options, "info");
		this.application = new SpringApplicationBuilder(meters ? WithMeters.class : WithoutMeters.class)
			.web(WebApplicationType.NONE)
			.bannerMode(Banner.Mode.OFF)
			.logStartupInfo(false)
			.run(arguments.toArray(String[]::new));
		backend.requireRunning(name);
	}

	@Override
	public void awaitDrained(long logged) {
		awaitCounted(logged);
		until(() -> queues().stream().allMatch((queue) -> queue.used() == 0), "to empty its queue");
	}

	List<LogQueue> queues() {
		return Backend.running().queues();
	}

	/** Checks the queues are at least as large as asked and, with meters only, a meter registry. */
	void requireRingAndMeters() {
		require(queues().stream().allMatch((queue) -> queue.capacity() >= this.options.bufferSize()),
				"a ring of at least " + this.options.bufferSize() + " slots (it has " + queues() + ")");
		require(!this.application.getBeansOfType(MeterRegistry.class).isEmpty() == this.meters,
				(this.meters ? "a" : "no") + " meter registry");
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class WithMeters {

	}

	@Configuration(proxyBeanMethods = false)
	static class WithoutMeters {

	}

}
