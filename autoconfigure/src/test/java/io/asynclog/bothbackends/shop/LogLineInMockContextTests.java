package io.asynclog.bothbackends.shop;

import java.util.UUID;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.config.AsyncLogProperties.Mode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application's own test, as its team writes it before and after adding the starter: call
 * the controller, then check the line it logged in Spring Boot's captured output. It must pass
 * every time, on both backends, with no change for asynclog: a test context logs synchronously.
 */
@SpringBootTest(classes = ShopApplication.class)
@ExtendWith(OutputCaptureExtension.class)
class LogLineInMockContextTests {

	@Autowired
	ShopApplication shop;

	@Autowired
	LoggingBackend backend;

	@Test
	void aTestContextLogsSynchronously() {
		assertThat(this.backend.runningMode()).isEqualTo(Mode.SYNC);
		assertThat(this.backend.queues()).isEmpty();
	}

	@RepeatedTest(100)
	void theCapturedOutputHoldsTheLineRightAfterTheCall(CapturedOutput output) {
		String id = UUID.randomUUID().toString();
		this.shop.placeOrder(id);
		assertThat(output.getOut()).contains(ShopApplication.placed(id));
	}


}
