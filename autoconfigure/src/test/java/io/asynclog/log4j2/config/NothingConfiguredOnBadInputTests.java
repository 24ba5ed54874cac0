package io.asynclog.log4j2.config;

import java.nio.file.Path;

import org.apache.logging.log4j.core.config.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.TestApplications;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Bad input leaves Log4j2 exactly as it was: the same configuration object, no file
 * created. Every bad key and its failure analysis is checked on both backends by
 * {@code io.asynclog.bothbackends.BadInputTests}.
 */
class NothingConfiguredOnBadInputTests {

	@TempDir
	Path dir;

	@Test
	void nothingIsConfiguredWhenTheInputIsBad() {
		Configuration before = TestApplications.loggerContext().getConfiguration();
		Throwable failure = catchThrowable(() -> TestApplications.run("asynclog.ring-buffer-size=64",
				"asynclog.appenders.main.type=file", "asynclog.appenders.main.file-name=" + this.dir.resolve("never.log"))
			.close());
		assertThat(failure).as("start-up should fail").isNotNull();
		assertThat(TestApplications.loggerContext().getConfiguration()).isSameAs(before);
		assertThat(this.dir.resolve("never.log")).doesNotExist();
	}

}
