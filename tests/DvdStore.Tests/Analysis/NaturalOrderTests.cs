using DvdStore.Analysis.Comparisons;
using DvdStore.Analysis.Statistics;
using static DvdStore.Tests.Analysis.AnalysisFixtures;

namespace DvdStore.Tests.Analysis;

public class NaturalOrderTests
{
    [Fact]
    public void Whole_numbers_inside_text_are_ordered_by_value()
    {
        string[] shuffled = ["threads=16", "threads=2", "threads=1", "threads=128", "threads=32", "threads=4", "threads=8", "threads=64"];

        Assert.Equal(["threads=1", "threads=2", "threads=4", "threads=8", "threads=16", "threads=32", "threads=64", "threads=128"], shuffled.Order(NaturalOrder.Instance));
    }

    [Fact]
    public void Sweep_folders_leading_zeros_and_the_rest_of_the_text_keep_a_total_order()
    {
        string[] shuffled = ["sweep/users-16/r.json", "sweep/users-2/r.json", "sweep/users-2/a.json", "b", "a10", "a9", "a09", "a", "vcpus=8, smt=on", "vcpus=8, smt=off"];

        Assert.Equal(["a", "a09", "a9", "a10", "b", "sweep/users-2/a.json", "sweep/users-2/r.json", "sweep/users-16/r.json", "vcpus=8, smt=off", "vcpus=8, smt=on"], shuffled.Order(NaturalOrder.Instance));
        Assert.True(NaturalOrder.Instance.Compare("a09", "a9") < 0 && NaturalOrder.Instance.Compare("a9", "a09") > 0, "equal by value, spelled differently: still ordered, both ways");
        Assert.Equal(0, NaturalOrder.Instance.Compare("threads=2", "threads=2"));
    }

    [Fact]
    public void A_thread_sweeps_configurations_are_listed_in_thread_order()
    {
        var runs = new[] { 16, 2, 1, 32, 4, 8 }.Select(t => Run(100 * t, ("threads", t.ToString(System.Globalization.CultureInfo.InvariantCulture)))).ToList();

        var repeats = new RunOverview().Analyze(Input(runs)).Tables.Single(t => t.FileName == "repeats");

        Assert.Equal(["threads=1", "threads=2", "threads=4", "threads=8", "threads=16", "threads=32"], Column(repeats, "configuration"));
    }
}
