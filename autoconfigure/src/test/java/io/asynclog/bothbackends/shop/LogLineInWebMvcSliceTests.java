package io.asynclog.bothbackends.shop;

import java.util.UUID;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.test.web.servlet.MockMvc;

import io.asynclog.core.backend.LoggingBackends;
import io.asynclog.core.config.AsyncLogProperties.Mode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;

/**
 * {@link LogLineInMockContextTests} in a test slice: {@code @WebMvcTest} through MockMvc. A slice
 * has no asynclog beans, but logging is set up all the same, and synchronously.
 */
@WebMvcTest(ShopApplication.class)
@ExtendWith(OutputCaptureExtension.class)
class LogLineInWebMvcSliceTests {

	@Autowired
	MockMvc mvc;

	@Test
	void aTestSliceLogsSynchronously() {
		assertThat(LoggingBackends.running(getClass().getClassLoader()).runningMode()).isEqualTo(Mode.SYNC);
	}

	@RepeatedTest(100)
	void theCapturedOutputHoldsTheLineRightAfterTheRequest(CapturedOutput output) throws Exception {
		String id = UUID.randomUUID().toString();
		this.mvc.perform(get("/orders/" + id)).andExpect(content().string("placed " + id));
		assertThat(output.getOut()).contains(ShopApplication.placed(id));
	}

}
