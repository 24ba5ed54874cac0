package io.asynclog.bothbackends.shop;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Places orders with {@link ShopApplication} over real HTTP on 127.0.0.1.
 */
final class ShopClient {

	private static final HttpClient client = HttpClient.newHttpClient();

	private ShopClient() {
	}

	/**
	 * Places an order and waits for the whole response.
	 * @param port the application's port
	 * @param id the order
	 */
	static void placeOrder(int port, String id) throws Exception {
		HttpResponse<String> response = client.send(
				HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/orders/" + id)).build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(response.body()).isEqualTo("placed " + id);
	}

}
