package io.asynclog.bothbackends.shop;

import java.util.UUID;

import org.junit.jupiter.api.RepeatedTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import io.asynclog.bothbackends.BackendUnderTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link LogLineInMockContextTests} with a list appender the test attaches to the logger, in a
 * class of its own: on Log4j2, {@code Logger.addAppender} gives the logger a configuration of its
 * own, which would change what the captured-output test sees (with or without asynclog).
 */
@SpringBootTest(classes = ShopApplication.class)
class ListAppenderInMockContextTests {

	@Autowired
	ShopApplication shop;

	@RepeatedTest(100)
	void aListAppenderHoldsTheLineRightAfterTheCall() {
		String id = UUID.randomUUID().toString();
		try (ListAppender list = ListAppender.attach(BackendUnderTest.running(), ShopApplication.LOGGER)) {
			this.shop.placeOrder(id);
			assertThat(list.messages()).containsExactly(ShopApplication.placed(id));
		}
	}

}
