# The dvdstore driver as a container for fleets (docs/scale-out.md). The build steps are the commands
# tests/DvdStore.Tests/Tool/ToolPackageTests runs: pack the CLI as a .NET tool, install it from the pack folder.
#   docker build -t registry.example/dvdstore:0.1.0 .
FROM mcr.microsoft.com/dotnet/sdk:10.0 AS build
WORKDIR /src
COPY . .
RUN dotnet pack src/Cli -c Release -o /pack \
 && dotnet tool install dvdstore --tool-path /opt/dvdstore --add-source /pack

# The tool targets .NET 8; the runtime image is all a driver needs (no SDK, no compiler).
FROM mcr.microsoft.com/dotnet/runtime:8.0
COPY --from=build /opt/dvdstore /opt/dvdstore
ENV PATH="/opt/dvdstore:${PATH}" DOTNET_CLI_TELEMETRY_OPTOUT=1
# The driver's gen0 cap (16 MB, hexadecimal): .NET 8 and 9 ignore the one in its runtime configuration (docs/trust.md).
ENV DOTNET_GCGen0MaxBudget=1000000
# Results go here unless the fleet's manifest mounts a shared volume at /results.
RUN mkdir /work /results && chown app /work /results
WORKDIR /work
USER app
ENTRYPOINT ["dvdstore"]
CMD ["--help"]
