package io.asynclog.bothbackends.shop;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import io.asynclog.autoconfigure.test.AutoConfigureAsyncLogging;
import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.config.AsyncLogProperties.Mode;
import io.asynclog.core.queue.LogQueue;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A test that asks for asynclog's asynchronous path keeps it: the configured mode runs, with
 * its ring, as outside a test.
 */
@SpringBootTest(classes = ShopApplication.class)
@AutoConfigureAsyncLogging
class AsyncPathInTestsTests {

	@Autowired
	LoggingBackend backend;

	@Test
	void theConfiguredModeRunsWithItsRing() {
		assertThat(this.backend.runningMode()).isEqualTo(Mode.ASYNC_LOGGER);
		assertThat(this.backend.queues()).extracting(LogQueue::name).containsExactly(LogQueue.ASYNC_LOGGER);
	}

}
