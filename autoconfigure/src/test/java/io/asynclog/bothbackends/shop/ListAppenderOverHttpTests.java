package io.asynclog.bothbackends.shop;

import java.util.UUID;

import org.junit.jupiter.api.RepeatedTest;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import io.asynclog.bothbackends.BackendUnderTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link LogLineOverHttpTests} with a list appender the test attaches to the logger, in a class
 * of its own: on Log4j2, {@code Logger.addAppender} gives the logger a configuration of its own,
 * which would change what the captured-output test sees (with or without asynclog).
 */
@SpringBootTest(classes = ShopApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = "server.address=127.0.0.1")
class ListAppenderOverHttpTests {

	@LocalServerPort
	int port;

	@RepeatedTest(100)
	void aListAppenderHoldsTheLineRightAfterTheResponse() throws Exception {
		String id = UUID.randomUUID().toString();
		try (ListAppender list = ListAppender.attach(BackendUnderTest.running(), ShopApplication.LOGGER)) {
			ShopClient.placeOrder(this.port, id);
			assertThat(list.messages()).containsExactly(ShopApplication.placed(id));
		}
	}

}
