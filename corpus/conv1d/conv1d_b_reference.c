/* Hand-written reverse-mode adjoint of conv1d (the test oracle); w, x and y are all active (the
 * gradient with respect to the taps is what training a filter needs).
 *
 * Expected `adrace analyze` verdicts (loop at line 9):
 *   x    guarded  iteration i reads x[i-R .. i+R], so 2R+1 consecutive iterations read each element and
 *                 their adjoint increments collide; x is only read, so a reduction is possible. Gather
 *                 candidate: x[i + r] with r a counter whose range -R .. R is constant (a macro).
 *   w    guarded  every iteration reads every tap: all increments of w_b collide (a reduction of
 *                 WIDTH elements; not a gather, the offset between iterations is not constant).
 *   y    shared   y_b[i] is read and reset at the loop counter.
 *   acc  private (a local).
 * (adrace before gathers gave exactly these: w reduction, x atomic without --extent x=n.)
 *
 *   y[i] = sum_r w[r+R]*x[i+r]  =>  w_b[r+R] += x[i+r]*y_b[i];  x_b[i+r] += w[r+R]*y_b[i];  y_b[i] = 0 */

#define R 3
#define WIDTH (2 * R + 1)

void conv1d_b(int n, const double w[WIDTH], double w_b[WIDTH], const double *x, double *x_b, double *y,
              double *y_b)
{
    (void)y;
    for (int i = n - R - 1; i >= R; i--) {
        double acc_b = y_b[i];
        y_b[i] = 0.0;
        for (int r = R; r >= -R; r--) {
            w_b[r + R] += x[i + r] * acc_b;
            x_b[i + r] += w[r + R] * acc_b;
        }
    }
}
