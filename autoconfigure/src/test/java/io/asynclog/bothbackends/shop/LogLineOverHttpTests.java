package io.asynclog.bothbackends.shop;

import java.util.UUID;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link LogLineInMockContextTests} over real HTTP: the line is logged on a server thread and
 * checked in Spring Boot's captured output once the response has arrived.
 */
@SpringBootTest(classes = ShopApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = "server.address=127.0.0.1")
@ExtendWith(OutputCaptureExtension.class)
class LogLineOverHttpTests {

	@LocalServerPort
	int port;

	@RepeatedTest(100)
	void theCapturedOutputHoldsTheLineRightAfterTheResponse(CapturedOutput output) throws Exception {
		String id = UUID.randomUUID().toString();
		ShopClient.placeOrder(this.port, id);
		assertThat(output.getOut()).contains(ShopApplication.placed(id));
	}

}
