package org.couchtck.kit.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.couchtck.kit.report.TestRuns.aCase;
import static org.couchtck.kit.report.TestRuns.aRun;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.check.Verdict;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * matrix.html as a person sees it: rendered by headless Chromium (Debian's chromium and chromium-driver; CI installs
 * them), its filters clicked, a cell opened.
 */
class MatrixPageInChromiumTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    @TempDir
    Path temp;

    private WebDriver browser;

    @BeforeEach
    void startChromium() {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver; .ci/run does)");
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile())
                .addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync",
                        "--no-first-run", "--user-data-dir=" + temp.resolve("profile"));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
    }

    @AfterEach
    void quitChromium() {
        if (browser != null) {
            browser.quit();
        }
    }

    @Test
    void the_page_renders_its_filters_work_and_a_cell_opens_its_transcript() throws Exception {
        // given: two targets; one SHOULD case; targets disagree on one case only
        RunResult reference = aRun().with(aCase("qs.map_doc.a").exchange("[\"map_doc\",{}]", "[[[\"a\",1]]]"))
                .with(aCase("qs.map_doc.b").level(Level.SHOULD)).with(aCase("qs.reduce.c")).build();
        RunResult broken = aRun().with(aCase("qs.map_doc.a").verdict(Verdict.FAIL).message("expected [[...]]")
                        .exchange("[\"map_doc\",{}]", "false"))
                .with(aCase("qs.map_doc.b").level(Level.SHOULD)).with(aCase("qs.reduce.c")).build();
        Path page = temp.resolve("matrix.html");
        MatrixHtml.write(Matrix.of(List.of(Matrix.Target.ran("reference", reference),
                Matrix.Target.ran("broken", broken))), page);

        // when: the page loads
        browser.get(page.toUri().toString());

        // then: cases down, targets across, section rows, nothing hidden yet
        assertThat(browser.findElements(By.cssSelector("thead th.target"))).extracting(WebElement::getText)
                .containsExactly("reference\n2/2 MUST", "broken\n1/2 MUST");
        assertThat(visibleCases()).containsExactly("qs.map_doc.a", "qs.map_doc.b", "qs.reduce.c");
        assertThat(browser.findElement(By.id("shown")).getText()).isEqualTo("3 of 3 cases shown");

        // when: SHOULD is unticked
        browser.findElement(By.cssSelector("input[name=level][value=SHOULD]")).click();
        // then
        assertThat(visibleCases()).containsExactly("qs.map_doc.a", "qs.reduce.c");

        // when: only cases where targets disagree
        new Select(browser.findElement(By.id("show"))).selectByValue("disagree");
        // then: and the reduce section, now empty, is hidden with its case
        assertThat(visibleCases()).containsExactly("qs.map_doc.a");
        assertThat(browser.findElements(By.cssSelector("tr.section")).stream().filter(WebElement::isDisplayed)
                .map(WebElement::getText).toList()).hasSize(1).allMatch(text -> text.contains("map_doc"));

        // when: the broken target's cell is clicked
        browser.findElement(By.cssSelector("tr.case td.cell.v-FAIL")).click();
        WebElement dialog = browser.findElement(By.id("transcript"));
        new WebDriverWait(browser, Duration.ofSeconds(10)).until(driver -> dialog.isDisplayed());
        // then: its transcript, verdict and message
        assertThat(browser.findElement(By.id("t-title")).getText()).isEqualTo("qs.map_doc.a — broken");
        assertThat(browser.findElement(By.id("t-verdict")).getText()).isEqualTo("FAIL");
        assertThat(browser.findElement(By.id("t-message")).getText()).isEqualTo("expected [[...]]");
        assertThat(browser.findElement(By.id("t-text")).getText()).contains("[\"map_doc\",{}]", "false");
    }

    private List<String> visibleCases() {
        return browser.findElements(By.cssSelector("tr.case")).stream().filter(WebElement::isDisplayed)
                .map(row -> row.findElement(By.cssSelector("td.id code")).getText()).toList();
    }
}
