package io.asynclog.log4j2.queue;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.SeparateJvm;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A thousand virtual threads logging into a ring of 128 slots, on a JDK of 21 or later in a
 * JVM of its own (the build itself runs on Java 17): no deadlock, nothing lost.
 */
class VirtualThreadsTests {

	@TempDir
	Path dir;

	@Test
	void aThousandVirtualThreadsIntoA128SlotRingLoseNothing() throws Exception {
		Path jdk = SeparateJvm.findJdk(21).orElse(null);
		Assumptions.assumeTrue(jdk != null,
				"Skipped: virtual threads need a JDK of 21 or later, and none was found (running on Java "
						+ Runtime.version().feature() + ", nothing under /usr/lib/jvm, no $JAVA_21_HOME)");
		Path file = this.dir.resolve("app.log");
		try (SeparateJvm app = SeparateJvm.start(jdk, this.dir, "virtual-threads", "threads=1000", "calls=200",
				"asynclog.ring-buffer-size=128", "asynclog.appenders.main.type=file",
				"asynclog.appenders.main.file-name=" + file, "asynclog.appenders.main.pattern=%m%n",
				"logging.level.root=warn", "logging.level.test=info")) {
			assertThat(app.awaitExit(Duration.ofMinutes(2))).as("exit status; 2 means the threads stalled")
				.isZero();
			assertThat(app.printed("LOGGED ")).isEqualTo("LOGGED 200000");
		}
		assertThat(FullRingTests.distinctCalls(file)).isEqualTo(1000 * 200);
	}

}
