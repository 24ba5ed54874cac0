package io.asynclog.bothbackends.shop;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * An ordinary application of the kind the starter lands in: a controller that logs one line
 * per request, at INFO, through SLF4J. Its tests ({@code *InTestsTests}) are written as its
 * team would write them, with nothing asynclog-specific.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@RestController
public class ShopApplication {

	/**
	 * The logger the tests attach a list appender to.
	 */
	public static final String LOGGER = "com.example.shop.Orders";

	private static final Logger log = LoggerFactory.getLogger(LOGGER);

	/**
	 * Places an order and logs it.
	 * @param id the order
	 * @return what the client reads
	 */
	@GetMapping("/orders/{id}")
	public String placeOrder(@PathVariable String id) {
		log.info("order {} placed", id);
		return "placed " + id;
	}

	/**
	 * The line {@link #placeOrder(String)} logs.
	 * @param id the order
	 * @return the message
	 */
	public static String placed(String id) {
		return "order " + id + " placed";
	}

}
