import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NetworkError } from "../../../lib/api-client";
import { attachmentName, downloadExport } from "./download-export";

describe("downloadExport", () => {
  const fetchMock = vi.fn<typeof fetch>();
  const saved: string[] = [];
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal("fetch", fetchMock);
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:export");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    fetchMock.mockReset();
    saved.length = 0;
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("moves past a base that cannot be reached and saves under the server's file name", async () => {
    localStorage.setItem("mp.apiBase", "https://down.example");
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch")).mockResolvedValueOnce(
      new Response("name\nTomato\n", {
        headers: {
          "content-type": "text/csv",
          "content-disposition": 'attachment; filename="tendril-plants-2026-05-01.csv"',
        },
      }),
    );
    await expect(downloadExport("plants")).resolves.toBe("tendril-plants-2026-05-01.csv");
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual([
      "https://down.example/api/export/plants.csv",
      "/api/export/plants.csv",
    ]);
    expect(saved).toEqual(["tendril-plants-2026-05-01.csv"]);
  });

  it("saves nothing and says so when no base answers", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(downloadExport("json")).rejects.toBeInstanceOf(NetworkError);
    expect(saved).toEqual([]);
  });

  it("reads the file name from Content-Disposition, quoted or not", () => {
    expect(attachmentName('attachment; filename="a.json"')).toBe("a.json");
    expect(attachmentName("attachment; filename=b.csv")).toBe("b.csv");
    expect(attachmentName(null)).toBeNull();
  });
});
