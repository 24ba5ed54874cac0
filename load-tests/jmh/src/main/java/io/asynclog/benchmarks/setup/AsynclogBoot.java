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

/**
 * asynclog started the way an application starts it, by a real Spring Boot start-up from
 * {@code asynclog.*} properties, on Log4j2 or on Logback: with meters every auto-configuration
 * runs (Micrometer's simple registry, the queue monitor, delivery lag), without none does.
 */
final class AsynclogBoot {

	private AsynclogBoot() {
	}

	/**
	 * Starts async-logger mode: its ring waits for room when full and drains for up to two
	 * minutes on close; Spring Boot's own start-up lines stay out of the sink's count.
	 * @param meters whether every auto-configuration runs
	 * @param options the trial's options
	 * @param waitStrategy the ring's wait strategy
	 * @param lagProbe whether delivery lag is measured
	 * @param more the library's own arguments
	 * @return the running application
	 */
	static ConfigurableApplicationContext start(boolean meters, SetupOptions options, String waitStrategy,
			boolean lagProbe, List<String> more) {
		List<String> arguments = new ArrayList<>(List.of("--asynclog.mode=async-logger",
				"--asynclog.ring-buffer-size=" + options.bufferSize(), "--asynclog.wait-strategy=" + waitStrategy,
				"--asynclog.include-location=" + options.includeLocation(), "--asynclog.queue-full-policy=block",
				"--asynclog.shutdown-timeout=120s", "--asynclog.metrics.delivery-lag=" + lagProbe,
				"--logging.level.root=info", "--logging.level.org.springframework=warn",
				"--logging.level.io.asynclog.autoconfigure=warn"));
		arguments.addAll(more);
		Log4jProperties.applyXmlProperties(options, "info");
		return new SpringApplicationBuilder(meters ? WithMeters.class : WithoutMeters.class)
			.web(WebApplicationType.NONE)
			.bannerMode(Banner.Mode.OFF)
			.logStartupInfo(false)
			.run(arguments.toArray(String[]::new));
	}

	/**
	 * Whether the application has a meter registry: it should exactly when it runs with meters.
	 * @param application the running application
	 * @return whether it has one
	 */
	static boolean hasMeterRegistry(ConfigurableApplicationContext application) {
		return !application.getBeansOfType(MeterRegistry.class).isEmpty();
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class WithMeters {

	}

	@Configuration(proxyBeanMethods = false)
	static class WithoutMeters {

	}

}
