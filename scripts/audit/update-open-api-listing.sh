#!/bin/bash
# Regenerates Tests/VitrineKitSwift5Tests/OpenAPIListing.expected, the reviewed list of
# VitrineKit's and VitrineLayers' public classes and members with their access (open or
# public), from the built modules (issue 28, docs/testing.md "Swift 5 mode"). Review the diff
# against UIKit's declarations before committing it: UIKit's instance and class members are
# open, so a new `public` line needs a reason (a Vitrine addition, a constant, a stored `let`).
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --build-tests
VITRINE_UPDATE_OPEN_API_LISTING=1 swift test --skip-build \
    --filter 'OpenAPIListingTests/testEveryListedOpenDeclarationIsStillOpenAndNewPublicAPIIsListed'
git diff --stat -- Tests/VitrineKitSwift5Tests/OpenAPIListing.expected
